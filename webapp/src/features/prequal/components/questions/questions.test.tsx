import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';

import type { FunnelPage, FunnelPages } from '@/api/get-funnel-pages';
import { sessions } from '@/lib/auth/session-store';
import { loadValidators } from '@/lib/schema-resolver';
import { currentUrl, ok, renderRoutes, sandboxSystemInfo, stubTRPC, trpcError, type AuthHandler } from '@/testing/test-utils';

import { usePrequalStore } from '../../stores/prequal-store';
import { CoborrowerPage } from './coborrower';
import { ContactInformationPage } from './contact-information';
import { EmailPage } from './email';
import { HasFbmPage } from './has-fbm';
import { MortgageBalancePage } from './mortgage-balance';
import { PropertyValuePage } from './property-value';

const ana = { user: { id: 'u1', email: 'ana@example.com', name: 'Ana Diaz', firstName: 'Ana', lastName: 'Diaz' }, expires: 'x' };

function page(path: string, area = 'initialSetup'): FunnelPage {
  return { path, label: path, area, step: path, section: null, order: null };
}

/** funnel.pages for a page whose Continue goes to `next`. */
function pagesAt(path: string, next: string, area = 'initialSetup'): FunnelPages {
  return { area, pages: [{ ...page(path, area), state: 'current', open: true }], previous: null, next: page(next, area), progress: { step: 1, of: 1 } };
}

const consents = {
  consents: [
    { kind: 'eConsent', version: 'esign-2026-11', title: 'Consent to electronic documents', text: 'We give you documents electronically.' },
    { kind: 'tcpa', version: 'tcpa-2026-11', title: 'Calls and texts', text: 'We may call and text you.' },
    { kind: 'informationSharing', version: 'sharing-2026-11', title: 'How we share your information', text: 'We share with bureaus.' },
    { kind: 'creditAuthorization', version: 'credit-2026-11', title: 'Credit check authorization', text: 'You authorize a soft pull.' },
  ],
};

function setup(
  path: string,
  element: ReactElement,
  { signedIn = false, next = '/next', trpc = {}, auth = {} }: {
    signedIn?: boolean;
    next?: string;
    trpc?: Record<string, (input: unknown) => { status?: number; body: unknown }>;
    auth?: Record<string, AuthHandler>;
  } = {},
) {
  const state = { signedIn };
  const funnelInputs: unknown[] = [];
  const stubbed = stubTRPC(
    {
      'system.info': () => ok(sandboxSystemInfo),
      'funnel.pages': (input) => {
        funnelInputs.push(input);
        return ok(pagesAt(path, next, path.startsWith('/start/') ? 'landing' : 'initialSetup'));
      },
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
  ]);
  return { ...stubbed, ...view, state, funnelInputs, user: userEvent.setup() };
}

describe('question pages', () => {
  // The schema's validators load once, before the first page checks an answer (as the disbursement page's tests do).
  beforeAll(() => loadValidators(), 30_000);

  beforeEach(() => {
    sessions.applicant.reset();
    usePrequalStore.getState().reset();
  });

  it('a visitor’s answer is refused until given, then kept in the prequal-store, and Continue goes where funnel.pages says', async () => {
    const { user, router, calls, funnelInputs } = setup('/app/initial-setup/property-value', <PropertyValuePage />, {
      next: '/app/initial-setup/mortgage-estimate',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'What is your home worth?' })).toBeInTheDocument();
    const value = await screen.findByRole('textbox', { name: 'Estimated home value' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter your home’s estimated value.')).toBeInTheDocument();
    expect(value).toHaveAttribute('aria-invalid', 'true');
    // The schema's own bound, in its words.
    await user.type(value, '200000000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter your home’s estimated value, up to 100,000,000 dollars.')).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/app/initial-setup/property-value');

    await user.clear(value);
    await user.type(value, '640000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/app/initial-setup/mortgage-estimate'));
    expect(usePrequalStore.getState().answers).toEqual({ propertyValue: 640000 });
    // Without an account nothing is saved on the server, and the way on is asked with the answers kept here.
    expect(calls).not.toContain('prequal.save');
    expect(funnelInputs.at(-1)).toEqual({ path: '/app/initial-setup/property-value', answers: { propertyValue: 640000 } });
  });

  it('prefills from the prequal-store, so a refresh loses nothing', async () => {
    usePrequalStore.getState().saveAnswers({ propertyValue: 510000 });
    setup('/app/initial-setup/property-value', <PropertyValuePage />);
    expect(await screen.findByRole('textbox', { name: 'Estimated home value' })).toHaveValue('$510,000');
  });

  it('signed in: prefills from the loan’s answers, saves with prequal.save, and shows the server’s field message beside its field', async () => {
    const saves: unknown[] = [];
    let refuse = true;
    const { user, router } = setup('/app/initial-setup/has-fbm', <HasFbmPage />, {
      signedIn: true,
      trpc: {
        'prequal.answers': () =>
          ok({ answers: { fbm: { foreclosure: false, bankruptcy: true, modification: false } }, applicationStatus: 'mortgageEstimate' }),
        'prequal.save': (input) => {
          saves.push(input);
          if (refuse) {
            return trpcError('BAD_REQUEST', 400, 'Check the answers.', [
              { path: 'answers.fbm.bankruptcy', message: 'The server says no to this one.' },
            ]);
          }
          return ok({ answers: (input as { answers: object }).answers, applicationStatus: 'hasFbm' });
        },
      },
    });
    const bankruptcy = await screen.findByRole('radiogroup', { name: 'Have you declared bankruptcy?' });
    expect(screen.getAllByRole('radio', { name: 'Yes' })[1]).toBeChecked();
    expect(screen.getAllByRole('radio', { name: 'No' })[0]).toBeChecked();
    await user.click(screen.getAllByRole('radio', { name: 'No' })[1]!);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('The server says no to this one.')).toBeInTheDocument();
    expect(bankruptcy.getAttribute('aria-describedby')).toBeTruthy();
    expect(saves[0]).toEqual({
      path: '/app/initial-setup/has-fbm',
      answers: { fbm: { foreclosure: false, bankruptcy: false, modification: false } },
    });
    expect(currentUrl(router)).toBe('/app/initial-setup/has-fbm');
    expect(usePrequalStore.getState().answers).toEqual({});

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/next'));
  });

  it('contact information: the consents with their wording, Send my code, the code, then the kept answers go to the loan', async () => {
    usePrequalStore.getState().update({
      firstName: 'Ana',
      lastName: 'Diaz',
      email: 'ana@example.com',
      phone: '4155550101',
      tcpaConsent: true,
    });
    usePrequalStore.getState().saveAnswers({ propertyValue: 640000, annualIncome: 150000 });
    const created: unknown[] = [];
    const saved: unknown[] = [];
    const { user, router, state } = setup('/start/contact-information', <ContactInformationPage />, {
      next: '/start/annual-income',
      trpc: {
        'identity.createAccount': (input) => {
          created.push(input);
          return ok({ codeSent: true });
        },
        'prequal.save': (input) => {
          saved.push(input);
          return ok({ answers: (input as { answers: object }).answers, applicationStatus: null });
        },
      },
      auth: {
        'POST applicant/callback/otp': (req) => {
          if (req.form?.get('otpCode') !== '123456') return { status: 401, body: { error: 'CredentialsSignin' } };
          state.signedIn = true;
          return { body: { url: 'http://localhost/start/contact-information' } };
        },
      },
    });
    expect(await screen.findByText('We give you documents electronically.')).toBeInTheDocument();
    expect(screen.getByText('(415) 555-0101')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change your e-mail' })).toHaveAttribute('href', '/start/email');

    // Both consents are required, in the schema's words.
    await user.click(screen.getByRole('button', { name: 'Send my code' }));
    expect(await screen.findByText('Agree to receive documents electronically to continue.')).toBeInTheDocument();
    expect(created).toEqual([]);
    await user.click(screen.getByRole('checkbox', { name: /receive documents and notices electronically/ }));
    await user.click(screen.getByRole('checkbox', { name: /sharing of my information/ }));
    await user.click(screen.getByRole('button', { name: 'Send my code' }));

    const code = await screen.findByRole('textbox', { name: '6-digit code' });
    expect(created[0]).toEqual({
      firstName: 'Ana',
      lastName: 'Diaz',
      email: 'ana@example.com',
      phone: '4155550101',
      tcpaConsent: true,
      eConsent: true,
      informationSharingConsent: true,
      consentVersions: { eConsent: 'esign-2026-11', informationSharing: 'sharing-2026-11', tcpa: 'tcpa-2026-11' },
    });
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));

    await waitFor(() => expect(currentUrl(router)).toBe('/start/annual-income'));
    expect(saved).toEqual([{ path: '/start/contact-information', answers: { propertyValue: 640000, annualIncome: 150000 } }]);
    // The loan holds them now; this browser no longer does.
    expect(usePrequalStore.getState().answers).toEqual({});
  });
  it('the e-mail page makes the account there: the e-mail checked at its field, the consents, Send my code, the code, then on to the next question', async () => {
    usePrequalStore.getState().update({ firstName: 'Ana', lastName: 'Diaz' });
    const created: unknown[] = [];
    const { user, router, state } = setup('/start/email', <EmailPage />, {
      next: '/app/initial-setup/property-value',
      trpc: {
        'identity.createAccount': (input) => {
          created.push(input);
          return ok({ codeSent: true });
        },
        'prequal.save': (input) => ok({ answers: (input as { answers: object }).answers, applicationStatus: null }),
      },
      auth: {
        'POST applicant/callback/otp': (req) => {
          if (req.form?.get('otpCode') !== '123456') return { status: 401, body: { error: 'CredentialsSignin' } };
          state.signedIn = true;
          return { body: { url: 'http://localhost/start/email' } };
        },
      },
    });
    const email = await screen.findByRole('textbox', { name: 'E-mail address' });
    expect(screen.getByText('We give you documents electronically.')).toBeInTheDocument();
    await user.type(email, 'ana.example.com');
    await user.click(screen.getByRole('checkbox', { name: /receive documents and notices electronically/ }));
    await user.click(screen.getByRole('checkbox', { name: /sharing of my information/ }));
    await user.click(screen.getByRole('button', { name: 'Send my code' }));
    expect(await screen.findByText('Enter an e-mail address like name@example.com.')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription(expect.stringContaining('Enter an e-mail address like name@example.com.'));
    expect(created).toEqual([]);

    await user.clear(email);
    await user.type(email, 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send my code' }));
    const code = await screen.findByRole('textbox', { name: '6-digit code' });
    expect(created[0]).toMatchObject({ firstName: 'Ana', lastName: 'Diaz', email: 'ana@example.com', eConsent: true, informationSharingConsent: true, tcpaConsent: false });
    expect(usePrequalStore.getState().email).toBe('ana@example.com');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/app/initial-setup/property-value'));
  });
  it('the coborrower page names the coborrower and goes on: their date of birth, SSN and credit check authorization are theirs to give, in their own sign-in', async () => {
    const saves: unknown[] = [];
    const { user, router } = setup('/app/initial-setup/coborrower', <CoborrowerPage />, {
      signedIn: true,
      trpc: {
        'prequal.answers': () => ok({ answers: {}, applicationStatus: 'coborrower' }),
        'prequal.save': (input) => {
          saves.push(input);
          return ok({ answers: (input as { answers: object }).answers, applicationStatus: 'mortgageBalance' });
        },
      },
    });
    await user.click(await screen.findByRole('radio', { name: 'Yes' }));
    await user.type(screen.getByRole('textbox', { name: 'Coborrower’s first name' }), 'Amara');
    await user.type(screen.getByRole('textbox', { name: 'Coborrower’s last name' }), 'Okafor');
    await user.type(screen.getByRole('textbox', { name: 'Coborrower’s e-mail address' }), 'amara@example.com');
    await user.click(screen.getByRole('radio', { name: 'Spouse' }));
    expect(screen.getByText(/give their own permission for a soft credit check/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/next'));
    expect(saves).toEqual([
      {
        path: '/app/initial-setup/coborrower',
        answers: { hasCoborrower: true, coborrower: { firstName: 'Amara', lastName: 'Okafor', email: 'amara@example.com', relationship: 'spouse' } },
      },
    ]);
    expect(screen.queryByRole('checkbox', { name: /agrees to the credit check authorization/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Social Security number/ })).not.toBeInTheDocument();
  });

  it('the mortgages from the report: Continue without saying whether one is on this home asks it beside its question, and saves nothing', async () => {
    const saves: unknown[] = [];
    const report = {
      kind: 'singleCredit', score: 790, coborrowerScore: null, scoreModel: 'FICO 8', scoreRange: { min: 300, max: 850 }, keyFactors: [],
      bureau: { name: 'Sandbox Credit Bureau', address: 'P.O. Box 0000, Test City, CA 94000', phone: '8005550199', website: 'https://bureau.example.com' },
      pulledAt: '2026-11-29T00:00:00Z', liabilities: [],
      mortgages: [{ id: 'm1', creditor: 'Golden Gate Home Loans', balance: 312000, monthlyPayment: 2150, dateOpened: '2016-06-01', latePaymentDays: 0, latePaymentDate: null }],
    };
    const { user, router } = setup('/app/initial-setup/mortgage-balance', <MortgageBalancePage />, {
      signedIn: true,
      trpc: {
        'prequal.answers': () => ok({ answers: {}, applicationStatus: 'mortgageBalance' }),
        'prequal.creditReport': () => ok(report),
        'prequal.save': (input) => {
          saves.push(input);
          return ok({ answers: (input as { answers: object }).answers, applicationStatus: 'previewOffer' });
        },
      },
    });
    const question = await screen.findByRole('radiogroup', { name: 'Is the Golden Gate Home Loans mortgage on this home?' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(question).toHaveAccessibleDescription(expect.stringContaining('Choose yes or no.')));
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
    expect(saves).toEqual([]);
    expect(currentUrl(router)).toBe('/app/initial-setup/mortgage-balance');
  });
});
