import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';

import type { FunnelPage, FunnelPages } from '@/api/get-funnel-pages';
import { sessions } from '@/lib/auth/session-store';
import { loadValidators } from '@/lib/schema-resolver';
import { currentUrl, ok, renderRoutes, sandboxSystemInfo, stubTRPC, type AuthHandler } from '@/testing/test-utils';

import { usePrequalStore } from '../../stores/prequal-store';
import type { Quote } from '../../api/get-quote';
import { PreOfferPage } from '../offer/pre-offer-page';
import { CreditScorePage } from './credit-score';
import { AddressPage } from './address';
import { ListedForSalePage } from './listed-for-sale';

// Issue 22 item 4: the /prequal path's own pages. "Listed for sale" is
// decided by the rules on the server (prequal.knockout); the credit check
// makes the account on its own page before the soft pull.

const ana = { user: { id: 'u1', email: 'ana@example.com', name: 'Ana Diaz', firstName: 'Ana', lastName: 'Diaz' }, expires: 'x' };

function page(path: string): FunnelPage {
  return { path, label: path, area: 'prequal', step: path, section: null, order: null };
}

function pagesAt(path: string, next: string, previous: string | null): FunnelPages {
  return {
    area: 'prequal',
    pages: [{ ...page(path), state: 'current', open: true }],
    previous: previous ? page(previous) : null,
    next: page(next),
    progress: { step: 1, of: 1 },
  };
}

const consents = {
  consents: [
    { kind: 'eConsent', version: 'esign-2026-11', title: 'Consent to electronic documents', text: 'We give you documents electronically.' },
    { kind: 'informationSharing', version: 'sharing-2026-11', title: 'How we share your information', text: 'We share with bureaus.' },
    { kind: 'creditAuthorization', version: 'credit-2026-11', title: 'Credit check authorization', text: 'You authorize a soft pull.' },
  ],
};

const listedReason = {
  code: 'LISTED_FOR_SALE',
  message: 'We can’t offer a home equity line of credit on a home that has been listed for sale in the last 6 months.',
  page: 'low-equity',
};

function setup(
  path: string,
  element: ReactElement,
  { next = '/next', previous = null, trpc = {}, auth = {}, signedIn = false }: {
    next?: string;
    previous?: string | null;
    signedIn?: boolean;
    trpc?: Record<string, (input: unknown) => { status?: number; body: unknown }>;
    auth?: Record<string, AuthHandler>;
  } = {},
) {
  const state = { signedIn };
  const stubbed = stubTRPC(
    {
      'system.info': () => ok(sandboxSystemInfo),
      'funnel.pages': () => ok(pagesAt(path, next, previous)),
      'consents.current': () => ok(consents),
      ...trpc,
    },
    {
      auth: {
        'GET applicant/session': () => ({ body: state.signedIn ? ana : {} }),
        'GET applicant/csrf': () => ({ body: { csrfToken: 'csrf-1' } }),
        ...auth,
      },
    },
  );
  const view = renderRoutes(path, [
    { path, element },
    { path: next, element: <h1>Next page</h1> },
    { path: '/app/ineligible/boost', element: <h1>Boost</h1> },
  ]);
  return { ...stubbed, ...view, state, user: userEvent.setup() };
}

describe('the /prequal path', () => {
  beforeAll(() => loadValidators(), 30_000);

  beforeEach(() => {
    sessions.applicant.reset();
    usePrequalStore.getState().reset();
  });

  it('the address: a state that is not its ZIP code’s is refused at the state, naming the ZIP code’s, and nothing is kept until it is', async () => {
    const looked: unknown[] = [];
    const { user, router } = setup('/prequal/address', <AddressPage />, {
      next: '/prequal/listed-for-sale',
      trpc: {
        'licensing.lookup': (input) => {
          looked.push(input);
          const { state } = input as { state?: string };
          const mismatch = state && state !== 'CA' ? { stateMismatch: 'ZIP code 94110 is in California: enter CA, or check the ZIP code.' } : {};
          return ok({ zip: '94110', state: 'CA', stateName: 'California', licensed: true, opensOn: null, ...mismatch });
        },
      },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Street address' }), '123 Valencia Street');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'San Francisco');
    const state = screen.getByRole('textbox', { name: 'State' });
    await user.type(state, 'nv');
    await user.type(screen.getByRole('textbox', { name: 'ZIP code' }), '94110');
    await user.type(screen.getByRole('textbox', { name: 'Your estimate of your home’s value' }), '850000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(state).toHaveAttribute('aria-invalid', 'true'));
    expect(state).toHaveAccessibleDescription(expect.stringContaining('ZIP code 94110 is in California: enter CA, or check the ZIP code.'));
    expect(usePrequalStore.getState().answers.address).toBeUndefined();
    expect(currentUrl(router)).toBe('/prequal/address');

    await user.clear(state);
    await user.type(state, 'CA');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/prequal/listed-for-sale'));
    expect(usePrequalStore.getState().answers.address).toMatchObject({ state: 'CA', zip: '94110' });
    expect(looked).toContainEqual({ zip: '94110', state: 'CA' });
  }, 60_000);

  it('listed for sale: the server’s rules decide; a refusal stays on the page in their words, a no goes on', async () => {
    const decided: unknown[] = [];
    const { user, router } = setup('/prequal/listed-for-sale', <ListedForSalePage />, {
      next: '/prequal/subject-to-mortgage',
      trpc: {
        'prequal.knockout': (input) => {
          decided.push(input);
          const listed = (input as { listedForSale?: boolean }).listedForSale === true;
          return ok({
            decisionId: 'd1',
            eligible: !listed,
            outcome: listed ? 'ineligible' : 'eligible',
            ineligiblePage: listed ? 'low-equity' : null,
            reasons: listed ? [listedReason] : [],
          });
        },
      },
    });
    const question = await screen.findByRole('radiogroup', { name: 'Has your home been listed for sale in the last 6 months?' });
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(listedReason.message);
    expect(decided).toEqual([{ listedForSale: true }]);
    expect(currentUrl(router)).toBe('/prequal/listed-for-sale');
    expect(question).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/prequal/subject-to-mortgage'));
    expect(decided.at(-1)).toEqual({ listedForSale: false });
    expect(usePrequalStore.getState().answers).toEqual({ listedForSale: false });
  }, 60_000);

  it('the credit check makes the account first: name, e-mail, consents, the code; then the kept answers go to the loan and the pull is asked', async () => {
    usePrequalStore.getState().saveAnswers({ listedForSale: false, propertyValue: 640000 });
    const created: unknown[] = [];
    const saved: unknown[] = [];
    const { user, router, state } = setup('/prequal/credit-check', <CreditScorePage />, {
      next: '/prequal/coborrower',
      previous: '/prequal/has-fbm',
      trpc: {
        'identity.createAccount': (input) => {
          created.push(input);
          return ok({ codeSent: true });
        },
        'prequal.save': (input) => {
          saved.push(input);
          return ok({ answers: (input as { answers: object }).answers, applicationStatus: null });
        },
        'prequal.answers': () => ok({ answers: { listedForSale: false, propertyValue: 640000 }, applicationStatus: null }),
        'prequal.creditReport': () => ok(null),
      },
      auth: {
        'POST applicant/callback/otp': (req) => {
          if (req.form?.get('otpCode') !== '123456') return { status: 401, body: { error: 'CredentialsSignin' } };
          state.signedIn = true;
          return { body: { url: 'http://localhost/prequal/credit-check' } };
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Let’s check your credit' })).toBeInTheDocument();
    // Nothing sent until the name, the e-mail and both consents are given.
    await user.click(await screen.findByRole('button', { name: 'Send my code' }));
    expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveAttribute('aria-invalid', 'true');
    expect(created).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ana');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Diaz');
    await user.type(screen.getByRole('textbox', { name: 'E-mail address' }), 'ana@example.com');
    await user.click(screen.getByRole('checkbox', { name: /receive documents and notices electronically/ }));
    await user.click(screen.getByRole('checkbox', { name: /sharing of my information/ }));
    await user.click(screen.getByRole('button', { name: 'Send my code' }));

    const code = await screen.findByRole('textbox', { name: '6-digit code' });
    expect(created[0]).toEqual({
      firstName: 'Ana',
      lastName: 'Diaz',
      email: 'ana@example.com',
      phone: null,
      tcpaConsent: false,
      eConsent: true,
      informationSharingConsent: true,
      consentVersions: { eConsent: 'esign-2026-11', informationSharing: 'sharing-2026-11' },
    });
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));

    // Signed in on the same page: the soft pull's form, the answers now the loan's.
    expect(await screen.findByRole('checkbox', { name: /agree to the credit check authorization/ })).toBeInTheDocument();
    // Saved as the answers of the page before: the pull is still to come, so
    // the loan has reached the credit check, not the page after it.
    expect(saved).toEqual([{ path: '/prequal/has-fbm', answers: { listedForSale: false, propertyValue: 640000 } }]);
    expect(usePrequalStore.getState().answers).toEqual({});
    expect(currentUrl(router)).toBe('/prequal/credit-check');
  }, 60_000);

  it('after the soft pull, a refusal the report settles is shown at once: its ineligible page, with the reasons', async () => {
    const report = {
      kind: 'singleCredit', score: 610, coborrowerScore: null, scoreModel: 'FICO 8', scoreRange: { min: 300, max: 850 },
      bureau: { name: 'Sandbox Credit Bureau', address: 'P.O. Box 0000, Test City, CA 94000', phone: '8005550199', website: 'https://bureau.example.com' }, pulledAt: '2026-11-29T00:00:00Z', mortgages: [], liabilities: [], keyFactors: [],
    };
    let pulled = false;
    const { user, router } = setup('/prequal/credit-check', <CreditScorePage />, {
      next: '/prequal/coborrower',
      signedIn: true,
      trpc: {
        'prequal.answers': () => ok({ answers: {}, applicationStatus: null }),
        'prequal.creditReport': () => ok(pulled ? report : null),
        'prequal.creditCheck': () => {
          pulled = true;
          return ok(report);
        },
        'quote.current': () =>
          ok({
            eligibility: {
              decisionId: 'd1', eligible: false, outcome: 'ineligible', ineligiblePage: 'boost', settled: true,
              reasons: [{ code: 'CREDIT_SCORE_BELOW_MINIMUM', message: 'Your credit score of 610 is below our minimum of 660.' }],
            },
            offer: {
              decisionId: 'd2', eligible: false, outcome: 'ineligible', missing: [], maxLine: 0, minLine: 25_000, line: 0, cltv: 0,
              apr: 0, originationFee: 0, margin: 0.5, primeRate: 6.75, rateFloor: 4, rateCap: 18, drawPeriodYears: 10,
              repaymentPeriodYears: 20, payments: { balance: 0, drawPaymentCents: 0, repaymentPaymentCents: 0, drawMonths: 120, repaymentMonths: 240 },
            },
            adverseAction: null,
          }),
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: /agree to the credit check authorization/ }));
    await user.type(screen.getByRole('textbox', { name: 'Your date of birth' }), '04121980');
    await user.type(screen.getByRole('textbox', { name: 'Your Social Security number' }), '123450001');
    await user.click(screen.getByRole('button', { name: 'Check my credit' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/app/ineligible/boost'));
    expect(usePrequalStore.getState().adverseActionMessage).toBe('Your credit score of 610 is below our minimum of 660.');
  }, 60_000);

  it('a day its month does not have is refused at the date of birth beside a bad SSN, at once, and nothing is pulled', async () => {
    const pulls: unknown[] = [];
    const { user } = setup('/prequal/credit-check', <CreditScorePage />, {
      next: '/prequal/coborrower',
      signedIn: true,
      trpc: {
        'prequal.answers': () => ok({ answers: {}, applicationStatus: null }),
        'prequal.creditReport': () => ok(null),
        'prequal.creditCheck': (input) => {
          pulls.push(input);
          return ok(null);
        },
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: /agree to the credit check authorization/ }));
    const dob = screen.getByRole('textbox', { name: 'Your date of birth' });
    const ssn = screen.getByRole('textbox', { name: 'Your Social Security number' });
    await user.type(dob, '02301980');
    await user.type(ssn, '000000000');
    await user.click(screen.getByRole('button', { name: 'Check my credit' }));
    await waitFor(() => expect(dob).toHaveAttribute('aria-invalid', 'true'));
    expect(dob).toHaveAccessibleDescription(expect.stringContaining('Enter a real date, as MM/DD/YYYY.'));
    expect(ssn).toHaveAttribute('aria-invalid', 'true');
    expect(pulls).toEqual([]);
  }, 60_000);

  it('the initial setup’s credit check still sends a visitor without an account to make one', async () => {
    setup('/app/initial-setup/credit-score', <CreditScorePage />);
    expect(await screen.findByRole('link', { name: 'Create your account' })).toHaveAttribute('href', '/start/name');
    expect(screen.queryByRole('button', { name: 'Send my code' })).not.toBeInTheDocument();
  });
});

describe('the /prequal pre-offer, after the soft pull', () => {
  beforeAll(() => loadValidators(), 30_000);

  beforeEach(() => {
    sessions.applicant.reset();
    usePrequalStore.getState().reset();
  });

  const eligible: Quote = {
    eligibility: { decisionId: 'd-e', eligible: true, ineligiblePage: null, reasons: [], outcome: 'eligible', missing: [] },
    offer: {
      decisionId: 'd-o',
      eligible: true,
      outcome: 'eligible',
      missing: [],
      maxLine: 215000,
      minLine: 25000,
      line: 215000,
      cltv: 0.8,
      apr: 8.25,
      originationFee: 2150,
      margin: 0.5,
      primeRate: 7.75,
      rateFloor: 4,
      rateCap: 18,
      drawPeriodYears: 10,
      repaymentPeriodYears: 20,
    },
    adverseAction: null,
  };
  const answers = { answers: { propertyValue: 600000, subjectToMortgage: true }, applicationStatus: 'prequalPreOffer' };

  it('is the rules’ decision on the credit report (quote.current), not an estimate the page puts together', async () => {
    const { calls } = setup('/prequal/pre-offer', <PreOfferPage />, {
      signedIn: true,
      trpc: { 'prequal.answers': () => ok(answers), 'quote.current': () => ok(eligible) },
    });
    expect(await screen.findByText('Up to $215,000', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('8.25%')).toBeInTheDocument();
    expect(calls).not.toContain('prequal.estimate');
  });

  it('before any credit report (quote.current answers null) is the estimate on the answers so far, asking for what is missing', async () => {
    const missing = [{ fact: 'propertyValue', label: 'Your home’s value', page: 'property-value' }];
    const { line: _line, ...terms } = eligible.offer;
    const notDecided = {
      eligibility: {
        decisionId: 'e',
        eligible: false,
        outcome: 'notDecided',
        ineligiblePage: null,
        reasons: [{ code: 'NOT_DECIDED', message: 'We need a few more answers before we can decide.', page: null, adverseAction: null }],
        missing,
      },
      offer: { ...terms, eligible: false, outcome: 'notDecided', missing, maxLine: 0, cltv: 0, apr: 0, originationFee: 0 },
      creditScore: null,
    };
    const { calls } = setup('/prequal/pre-offer', <PreOfferPage />, {
      signedIn: true,
      trpc: { 'prequal.answers': () => ok({ answers: {}, applicationStatus: null }), 'quote.current': () => ok(null), 'prequal.estimate': () => ok(notDecided) },
    });
    expect(await screen.findByText('We need a few more answers', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(calls).toContain('prequal.estimate');
  });

  it('says a refusal on the report as one, not as “may not qualify”', async () => {
    const refused: Quote = {
      ...eligible,
      eligibility: {
        decisionId: 'd-e2',
        eligible: false,
        outcome: 'ineligible',
        ineligiblePage: 'low-equity',
        reasons: [{ code: 'LOW_EQUITY', message: 'Your home’s value and what you owe on it leave $4,000 to borrow, less than our smallest line of $25,000.' }],
      },
      offer: { ...eligible.offer, eligible: false, outcome: 'ineligible', maxLine: 0, line: 0, apr: 0 },
    };
    setup('/prequal/pre-offer', <PreOfferPage />, {
      signedIn: true,
      trpc: { 'prequal.answers': () => ok(answers), 'quote.current': () => ok(refused) },
    });
    expect(await screen.findByRole('alert', { name: 'We can’t offer you a line' }, { timeout: 10_000 })).toHaveTextContent('leave $4,000 to borrow');
    expect(screen.queryByText(/may not qualify/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See our decision and your notice' })).toHaveAttribute('href', '/prequal/preview-offer');
  });
});
