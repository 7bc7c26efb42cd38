import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { sessions } from '@/features/auth/stores/session-store';
import { currentUrl, ok, renderRoutes, sandboxSystemInfo, stubTRPC, trpcError } from '@/testing/test-utils';

import type { Quote } from '../../api/get-quote';
import { usePrequalStore } from '../../stores/prequal-store';
import { PreviewOfferPage } from './preview-offer-page';

const ana = { user: { id: 'u1', email: 'prime+t@example.com', name: 'Ana Diaz', firstName: 'Ana', lastName: 'Diaz' }, expires: 'x' };

const offer: Quote = {
  eligibility: { decisionId: 'd-e', eligible: true, ineligiblePage: null, reasons: [] },
  offer: {
    decisionId: 'd-o',
    eligible: true,
    maxLine: 200_000,
    minLine: 25_000,
    cltv: 0.61,
    apr: 7.25,
    originationFee: 2000,
    margin: 0.5,
    primeRate: 6.75,
    rateFloor: 4,
    rateCap: 18,
    drawPeriodYears: 10,
    repaymentPeriodYears: 20,
  },
  adverseAction: null,
};

const lowEquity: Quote = {
  eligibility: {
    decisionId: 'd-e2',
    eligible: false,
    ineligiblePage: 'low-equity',
    reasons: [{ code: 'LOW_EQUITY', message: 'Your home’s value and what you owe on it leave $4,000 to borrow, less than our smallest line of $25,000.' }],
  },
  offer: { ...offer.offer, eligible: false, maxLine: 0, apr: 0 },
  adverseAction: null,
};

/** The value of a term in the offer's description list. */
async function term(name: string) {
  const dt = await screen.findByText(name, { selector: 'dt' });
  return dt.nextElementSibling as HTMLElement;
}

function routes() {
  return [
    { path: '/app/initial-setup/preview-offer', element: <PreviewOfferPage /> },
    { path: '/app/application/1', element: <h1>Personal info</h1> },
    { path: '/start/after-offer', element: <h1>Your offer is saved</h1> },
    { path: '/app/ineligible/low-equity', element: <h1>Not enough equity</h1> },
  ];
}

function stub(quote: Quote, saves: unknown[] = [], { answers = {} as Record<string, unknown> } = {}) {
  return stubTRPC(
    {
      'system.info': () => ok(sandboxSystemInfo),
      'quote.current': (input) => {
        expect(input).toEqual({ email: 'prime+t@example.com', fetchOriginationFee: true });
        return ok(quote);
      },
      'prequal.answers': () => ok({ answers, applicationStatus: 'previewOffer' }),
      'prequal.save': (input) => {
        saves.push(input);
        return ok({ answers: { ...answers, ...(input as { answers: object }).answers }, applicationStatus: 'previewOffer' });
      },
    },
    { auth: { 'GET applicant/session': () => ({ body: ana }) } },
  );
}

describe('PreviewOfferPage', () => {
  beforeEach(() => {
    sessions.applicant.reset();
    usePrequalStore.getState().reset();
  });

  it('shows the offer’s numbers and the payments on the whole line', async () => {
    stub(offer);
    renderRoutes('/app/initial-setup/preview-offer', routes());
    expect(await term('Line available')).toHaveTextContent('$200,000');
    expect(await term('APR (variable)')).toHaveTextContent('7.25%');
    expect(screen.getByText(/Prime rate 6\.75% plus a margin of 0\.50%.*never below 4\.00% or above 18\.00%/)).toBeInTheDocument();
    expect(await term('Origination fee')).toHaveTextContent('$2,000');
    expect(await term('Combined loan-to-value (CLTV)')).toHaveTextContent('61%');
    expect(await term('Draw period')).toHaveTextContent('10 years');
    expect(await term('Repayment period')).toHaveTextContent('20 years');
    // 200,000 at 7.25%: 1,208.33 interest only; 1,580.75 over 20 years.
    expect(screen.getByTestId('draw-payment')).toHaveTextContent('$1,208.33');
    expect(screen.getByTestId('repayment-payment')).toHaveTextContent('$1,580.75');
    expect(screen.getByRole('slider', { name: 'Amount to borrow' })).toHaveAttribute('aria-valuenow', '200000');
  });

  it('changes the payments with the amount, refuses one outside the offer beside the field, and saves the one chosen', async () => {
    const saves: unknown[] = [];
    stub(offer, saves, { answers: { desiredAmount: 150_000 } });
    const { router } = renderRoutes('/app/initial-setup/preview-offer', routes());
    const field = await screen.findByRole('textbox', { name: 'Amount to borrow' });
    expect(field).toHaveValue('$150,000');
    expect(screen.getByTestId('draw-payment')).toHaveTextContent('$906.25');

    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, '300000');
    expect(field).toHaveAccessibleDescription(/Choose an amount from \$25,000 to \$200,000\./);
    await user.click(screen.getByRole('button', { name: 'Continue to the application' }));
    expect(saves).toEqual([]);

    await user.clear(field);
    await user.type(field, '100000');
    expect(screen.getByTestId('draw-payment')).toHaveTextContent('$604.17');
    expect(screen.getByTestId('repayment-payment')).toHaveTextContent('$790.38');
    await user.click(screen.getByRole('button', { name: 'Continue to the application' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/app/application/1'));
    expect(saves).toEqual([{ path: '/app/initial-setup/preview-offer', answers: { desiredAmount: 100_000 } }]);
  });

  it('moves the amount with the slider’s keys', async () => {
    stub(offer);
    renderRoutes('/app/initial-setup/preview-offer', routes());
    const slider = await screen.findByRole('slider', { name: 'Amount to borrow' });
    slider.focus();
    await userEvent.setup().keyboard('{Home}');
    expect(screen.getByRole('textbox', { name: 'Amount to borrow' })).toHaveValue('$25,000');
    expect(screen.getByTestId('draw-payment')).toHaveTextContent('$151.04');
  });

  it('“Not now” keeps the amount and goes to the page after the offer', async () => {
    const saves: unknown[] = [];
    stub(offer, saves);
    const { router } = renderRoutes('/app/initial-setup/preview-offer', routes());
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/start/after-offer'));
    expect(saves).toEqual([{ path: '/app/initial-setup/preview-offer', answers: { desiredAmount: 200_000 } }]);
  });

  it('sends an ineligible answer to its page and keeps its reasons', async () => {
    stub(lowEquity);
    const { router } = renderRoutes('/app/initial-setup/preview-offer', routes());
    await waitFor(() => expect(currentUrl(router)).toBe('/app/ineligible/low-equity'));
    expect(usePrequalStore.getState()).toMatchObject({
      isAdverseAction: true,
      adverseActionMessage: lowEquity.eligibility.reasons[0]!.message,
    });
  });

  it('says so when the offer cannot be loaded', async () => {
    stubTRPC(
      { 'system.info': () => ok(sandboxSystemInfo), 'quote.current': () => trpcError('INTERNAL_SERVER_ERROR', 500), 'prequal.answers': () => ok({ answers: {}, applicationStatus: null }) },
      { auth: { 'GET applicant/session': () => ({ body: ana }) } },
    );
    renderRoutes('/app/initial-setup/preview-offer', routes());
    expect(await screen.findByText('We couldn’t load your offer')).toBeInTheDocument();
  });
});
