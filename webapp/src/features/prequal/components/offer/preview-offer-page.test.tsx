import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { sessions } from '@/lib/auth/session-store';
import { aNotice, currentUrl, ok, renderRoutes, sandboxSystemInfo, stubTRPC, trpcError } from '@/testing/test-utils';

import type { Quote } from '../../api/get-quote';
import { usePrequalStore } from '../../stores/prequal-store';
import { PreviewOfferPage } from './preview-offer-page';

const ana = { user: { id: 'u1', email: 'prime+t@example.com', name: 'Ana Diaz', firstName: 'Ana', lastName: 'Diaz' }, expires: 'x' };

/**
 * The policy's figures for a line, as heloc.offer.preview answers them
 * (payments in cents, the fee on the line). The page must show these and
 * compute nothing: they are test data, not arithmetic.
 */
const policy: Record<number, { draw: number; repayment: number; fee: number; cltv?: number; apr?: number }> = {
  200_000: { draw: 120_833, repayment: 158_075, fee: 2000 },
  150_000: { draw: 90_625, repayment: 118_556, fee: 1500 },
  // A smaller line sits in a lower CLTV tier: the policy prices it lower.
  100_000: { draw: 60_417, repayment: 79_038, fee: 1000, cltv: 0.41, apr: 7 },
  25_000: { draw: 15_104, repayment: 19_760, fee: 250 },
  26_000: { draw: 15_708, repayment: 20_550, fee: 260 },
};

const eligibility = { decisionId: 'd-e', eligible: true, ineligiblePage: null, reasons: [], outcome: 'eligible' as const, missing: [] };

function offerFor(line: number): Quote {
  const p = policy[line]!;
  return {
    eligibility,
    offer: {
      decisionId: `d-o-${line}`,
      eligible: true,
      outcome: 'eligible',
      missing: [],
      maxLine: 200_000,
      minLine: 25_000,
      line,
      cltv: p.cltv ?? 0.61,
      apr: p.apr ?? 7.25,
      originationFee: p.fee,
      margin: 0.5,
      primeRate: 6.75,
      rateFloor: 4,
      rateCap: 18,
      drawPeriodYears: 10,
      repaymentPeriodYears: 20,
      payments: { balance: line, drawPaymentCents: p.draw, repaymentPaymentCents: p.repayment, drawMonths: 120, repaymentMonths: 240 },
    },
    adverseAction: null,
  };
}

const lowEquity: Quote = {
  eligibility: {
    decisionId: 'd-e2',
    eligible: false,
    outcome: 'ineligible',
    ineligiblePage: 'low-equity',
    reasons: [{ code: 'LOW_EQUITY', message: 'Your home’s value and what you owe on it leave $4,000 to borrow, less than our smallest line of $25,000.' }],
  },
  offer: { ...offerFor(200_000).offer, eligible: false, outcome: 'ineligible', maxLine: 0, line: 0, apr: 0 },
  adverseAction: null,
};

/** The /prequal path's quote: no page asked the home's value, so nothing is decided. */
const notDecided: Quote = {
  eligibility: {
    decisionId: 'd-e3',
    eligible: false,
    outcome: 'notDecided',
    ineligiblePage: null,
    reasons: [{ code: 'NOT_DECIDED', message: 'We need your home’s value to decide.', page: null, adverseAction: null }],
    missing: [{ fact: 'propertyValue', label: 'Your home’s value', page: 'property-value' }],
  },
  offer: {
    ...offerFor(200_000).offer,
    eligible: false,
    outcome: 'notDecided',
    maxLine: 0,
    line: 0,
    missing: [{ fact: 'propertyValue', label: 'Your home’s value', page: 'property-value' }],
  },
  adverseAction: null,
};

const dtiNotice = {
  ...aNotice({ reasons: ['Excessive obligations in relation to income'], score: 712, scoreDate: '2026-11-28', reasonCodes: ['DTI_TOO_HIGH'] }),
  wording: { heading: 'Notice of action taken', reasonsHeading: 'Principal reasons for our decision' },
};

/** Declined by the offer's own rule (debt-to-income), which names no page. */
const dtiTooHigh: Quote = {
  eligibility,
  offer: {
    ...offerFor(200_000).offer,
    eligible: false,
    outcome: 'ineligible',
    line: 0,
    reasons: [{ code: 'DTI_TOO_HIGH', message: 'Your monthly debts, with this line’s payment, would be more than 43% of your income.', page: null }],
  },
  adverseAction: dtiNotice,
};

/** The value of a term in the offer's description lists. */
async function term(name: string) {
  const dt = await screen.findByText(name, { selector: 'dt' });
  return dt.nextElementSibling as HTMLElement;
}

function routes(path = '/app/initial-setup/preview-offer') {
  return [
    { path, element: <PreviewOfferPage /> },
    { path: '/app/application/1', element: <h1>Personal info</h1> },
    { path: '/start/after-offer', element: <h1>Your offer is saved</h1> },
    { path: '/app/ineligible/low-equity', element: <h1>Not enough equity</h1> },
  ];
}

type QuoteCall = { email: string; fetchOriginationFee: boolean; requestedLine?: number };

function stub(
  quote: (input: QuoteCall) => Quote,
  { saves = [] as unknown[], quotes = [] as QuoteCall[], answers = {} as Record<string, unknown> } = {},
) {
  return stubTRPC(
    {
      'system.info': () => ok(sandboxSystemInfo),
      'quote.current': (input) => {
        quotes.push(input as QuoteCall);
        return ok(quote(input as QuoteCall));
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

/** The policy's quote for the line asked (the saved amount, else the whole line). */
const priced = (desired?: number) => (input: QuoteCall) => offerFor(input.requestedLine ?? desired ?? 200_000);

/** Holds quote.current's answers for a requested line until released. */
function holdPricedQuotes() {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', async (url: RequestInfo | URL, init?: RequestInit) => {
    if (String(url).includes('quote.current') && String(url).includes('requestedLine')) await gate;
    return inner(url, init);
  });
  return release;
}

describe('PreviewOfferPage', () => {
  beforeEach(() => {
    sessions.applicant.reset();
    usePrequalStore.getState().reset();
  });

  it('shows the offer’s terms and the policy’s payments and fee on the line it offers', async () => {
    const quotes: QuoteCall[] = [];
    stub(priced(), { quotes });
    renderRoutes('/app/initial-setup/preview-offer', routes());
    expect(await term('Line available')).toHaveTextContent('$200,000');
    expect(await term('APR (variable)')).toHaveTextContent('7.25%');
    expect(screen.getByText(/Prime rate 6\.75% plus a margin of 0\.50%.*never below 4\.00% or above 18\.00%/)).toBeInTheDocument();
    expect(await term('Combined loan-to-value (CLTV)')).toHaveTextContent('61%');
    expect(await term('Draw period')).toHaveTextContent('10 years');
    expect(await term('Repayment period')).toHaveTextContent('20 years');
    expect(await screen.findByTestId('draw-payment')).toHaveTextContent('$1,208.33');
    expect(screen.getByTestId('repayment-payment')).toHaveTextContent('$1,580.75');
    expect(await term('Origination fee')).toHaveTextContent('$2,000');
    expect(screen.getByText('On a line of $200,000, charged once when it opens.')).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Amount to borrow' })).toHaveAttribute('aria-valuenow', '200000');
    // The opening quote prices the starting amount: no second question.
    expect(quotes).toEqual([{ email: 'prime+t@example.com', fetchOriginationFee: true }]);
  });

  it('asks the policy for the amount typed, keeping the last figures dimmed until they come, and saves the one chosen', async () => {
    const saves: unknown[] = [];
    const quotes: QuoteCall[] = [];
    stub(priced(150_000), { saves, quotes, answers: { desiredAmount: 150_000 } });
    const release = holdPricedQuotes();
    const { router } = renderRoutes('/app/initial-setup/preview-offer', routes());
    const field = await screen.findByRole('textbox', { name: 'Amount to borrow' });
    expect(field).toHaveValue('$150,000');
    expect(screen.getByTestId('draw-payment')).toHaveTextContent('$906.25');
    expect(await term('Origination fee')).toHaveTextContent('$1,500');

    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, '300000');
    expect(field).toHaveAccessibleDescription(/Choose an amount from \$25,000 to \$200,000\./);
    expect(screen.getByTestId('draw-payment')).toHaveTextContent('—');
    await user.click(screen.getByRole('button', { name: 'Continue to the application' }));
    expect(saves).toEqual([]);

    await user.clear(field);
    await user.type(field, '100000');
    // Until the policy answers for $100,000: the last figures, dimmed and marked busy.
    const figures = screen.getByTestId('amount-figures');
    expect(figures).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Working out the payments for $100,000');
    await new Promise((r) => setTimeout(r, 500));
    expect(figures).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByTestId('draw-payment')).toHaveTextContent('$906.25');
    release();
    await waitFor(() => expect(screen.getByTestId('draw-payment')).toHaveTextContent('$604.17'));
    expect(quotes.at(-1)).toEqual({ email: 'prime+t@example.com', fetchOriginationFee: true, requestedLine: 100_000 });
    expect(screen.getByTestId('repayment-payment')).toHaveTextContent('$790.38');
    expect(await term('Origination fee')).toHaveTextContent('$1,000');
    expect(screen.getByText('On a line of $100,000, charged once when it opens.')).toBeInTheDocument();
    // The terms are the chosen line's too: its own CLTV and the APR it is priced at.
    expect(await term('Combined loan-to-value (CLTV)')).toHaveTextContent('41%');
    expect(await term('APR (variable)')).toHaveTextContent('7.00%');
    expect(figures).toHaveAttribute('aria-busy', 'false');
    // Typing waits for the amount to rest: only whole amounts inside the offer were asked about.
    expect(quotes.map((q) => q.requestedLine).filter((l) => l !== undefined)).toEqual([100_000]);

    await user.click(screen.getByRole('button', { name: 'Continue to the application' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/app/application/1'));
    expect(saves).toEqual([{ path: '/app/initial-setup/preview-offer', answers: { desiredAmount: 100_000 } }]);
  });

  it('moves the amount with the slider’s keys and shows the policy’s figures for it', async () => {
    const quotes: QuoteCall[] = [];
    stub(priced(), { quotes });
    renderRoutes('/app/initial-setup/preview-offer', routes());
    const slider = await screen.findByRole('slider', { name: 'Amount to borrow' });
    slider.focus();
    const user = userEvent.setup();
    await user.keyboard('{Home}');
    expect(screen.getByRole('textbox', { name: 'Amount to borrow' })).toHaveValue('$25,000');
    await waitFor(() => expect(screen.getByTestId('draw-payment')).toHaveTextContent('$151.04'));
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(screen.getByTestId('draw-payment')).toHaveTextContent('$157.08'));
    expect(await term('Origination fee')).toHaveTextContent('$260');
    expect(quotes.at(-1)).toMatchObject({ requestedLine: 26_000 });
  });

  it('says so beside the figures when the policy cannot price an amount, and tries again', async () => {
    let fail = true;
    stubTRPC(
      {
        'system.info': () => ok(sandboxSystemInfo),
        'quote.current': (input) =>
          (input as QuoteCall).requestedLine && fail ? trpcError('INTERNAL_SERVER_ERROR', 500) : ok(priced()(input as QuoteCall)),
        'prequal.answers': () => ok({ answers: {}, applicationStatus: 'previewOffer' }),
      },
      { auth: { 'GET applicant/session': () => ({ body: ana }) } },
    );
    renderRoutes('/app/initial-setup/preview-offer', routes());
    const field = await screen.findByRole('textbox', { name: 'Amount to borrow' });
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, '100000');
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('We couldn’t work out the payments for this amount');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('draw-payment')).toHaveTextContent('$604.17'));
  });

  it('“Not now” keeps the amount and goes to the page after the offer', async () => {
    const saves: unknown[] = [];
    stub(priced(), { saves });
    const { router } = renderRoutes('/app/initial-setup/preview-offer', routes());
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/start/after-offer'));
    expect(saves).toEqual([{ path: '/app/initial-setup/preview-offer', answers: { desiredAmount: 200_000 } }]);
  });

  it('sends a decline with a page to its page and keeps its reasons', async () => {
    stub(() => lowEquity);
    const { router } = renderRoutes('/app/initial-setup/preview-offer', routes());
    await waitFor(() => expect(currentUrl(router)).toBe('/app/ineligible/low-equity'));
    expect(usePrequalStore.getState()).toMatchObject({
      isAdverseAction: true,
      adverseActionMessage: lowEquity.eligibility.reasons[0]!.message,
    });
  });

  it('asks for a missing answer instead of declining, linked to the page that asks it', async () => {
    stub(() => notDecided);
    const { router } = renderRoutes('/prequal/preview-offer', routes('/prequal/preview-offer'));
    expect(await screen.findByText('We need a few more answers')).toBeInTheDocument();
    // The /prequal path has no page for the home's value: the initial setup's asks it.
    expect(screen.getByRole('link', { name: 'Your home’s value' })).toHaveAttribute('href', '/app/initial-setup/property-value');
    expect(screen.queryByText(/can’t make you an offer/)).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Notice of action taken' })).not.toBeInTheDocument();
    expect(currentUrl(router)).toBe('/prequal/preview-offer');
    expect(usePrequalStore.getState().adverseActionMessage).toBeFalsy();
  });

  it('says a decline without a page here, with its reasons and its notice', async () => {
    stub(() => dtiTooHigh);
    const { router } = renderRoutes('/app/initial-setup/preview-offer', routes());
    expect(await screen.findByText('We can’t make you an offer right now')).toBeInTheDocument();
    expect(screen.getByText(/would be more than 43% of your income/)).toBeInTheDocument();
    const letter = screen.getByRole('article', { name: 'Notice of action taken' });
    expect(within(letter).getByRole('region', { name: 'Principal reasons for our decision' })).toHaveTextContent(
      'Excessive obligations in relation to income',
    );
    expect(within(letter).getByText('Notice version AAN-2026-11.1')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Amount to borrow' })).not.toBeInTheDocument();
    expect(currentUrl(router)).toBe('/app/initial-setup/preview-offer');
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
