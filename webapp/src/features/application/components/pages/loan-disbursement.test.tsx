import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { loadValidators } from '@/lib/schema-resolver';
import { aNotice, currentUrl, ok, renderRoutes, sandboxSystemInfo, stubTRPC, trpcError } from '@/testing/test-utils';

import LoanDisbursementPage from './loan-disbursement';
import SubmittedPage from './submitted';
import { anApplicationView, pageBasics } from './test-views';

type Disbursement = { accountHolderName: string; accountType: string; routingNumber: string; accountNumber: string; initialDraw: number };

function view({ readOnly = false, disbursement, submittedAt }: { readOnly?: boolean; disbursement?: Disbursement; submittedAt?: string } = {}) {
  return anApplicationView({
    application: { ...(disbursement ? { disbursement } : {}), ...(submittedAt ? { submittedAt } : {}) },
    applicationStatus: readOnly ? 'applicationSubmitted' : 'loanDisbursement',
    readOnly,
  });
}

const onFile: Disbursement = { accountHolderName: 'Ada Park', accountType: 'savings', routingNumber: '****0021', accountNumber: '****9012', initialDraw: 25000 };

const terms = { line: 100000, originationFee: 1000, minimumDraw: 10000, maximumDraw: 99000, apr: 8.25 };

const pages = {
  area: 'application',
  progress: null,
  pages: [],
  previous: { path: '/app/application/upload', label: 'Income documents', section: 'Income docs', area: 'application', step: 'incomeDocs', order: null },
  next: { path: '/app/application/submitted', label: 'Application submitted', section: 'Submitted', area: 'application', step: 'applicationSubmitted', order: null },
};

function render() {
  return renderRoutes('/app/application/loan-disbursement', [
    { path: '/app/application/loan-disbursement', element: <LoanDisbursementPage /> },
    { path: '/app/application/submitted', element: <SubmittedPage /> },
    { path: '/app/application/upload', element: <p>Upload page</p> },
  ]);
}

describe('loan disbursement page', () => {
  beforeAll(() => loadValidators(), 30_000);

  it('shows the draw’s bounds, checks them and the account numbers, then saves and submits', { timeout: 30_000 }, async () => {
    const saved: { path: string; section: { disbursement: Record<string, unknown> } }[] = [];
    const drafts: { draft: { section: { disbursement: Record<string, unknown> } } }[] = [];
    let submitted = 0;
    let current = view();
    stubTRPC({
      'system.info': () => ok(sandboxSystemInfo),
      'application.get': () => ok(current),
      'application.draft': () => ok({ draft: null, savedAt: null }),
      'application.saveDraft': (input) => {
        drafts.push(input as never);
        return ok({ savedAt: '2026-11-25T10:00:00Z' });
      },
      'application.drawTerms': () => ok(terms),
      'application.decision': () => ok({ decision: null }),
      'application.save': (input) => {
        saved.push(input as never);
        current = view({ disbursement: { ...onFile, accountType: 'checking', initialDraw: 50000 } });
        return ok(current);
      },
      'application.submit': () => {
        submitted += 1;
        current = view({ readOnly: true, disbursement: { ...onFile, accountType: 'checking', initialDraw: 50000 }, submittedAt: '2026-11-25T10:05:00Z' });
        return ok(current);
      },
      'funnel.pages': () => ok(pages),
    });
    const user = userEvent.setup();
    const { router } = render();
    const draw = await screen.findByLabelText('Amount of your first draw');
    expect(draw).toHaveAccessibleDescription(expect.stringContaining('From $10,000 to $99,000: your line of $100,000 less the $1,000 origination fee.'));
    expect(screen.getByLabelText('Name on the account')).toHaveValue('Ada Park');

    const submit = screen.getByRole('button', { name: 'Save and submit application' });
    await user.click(submit);
    expect(await screen.findByText('Enter the routing number.')).toBeInTheDocument();
    expect(screen.getByText('Choose checking or savings.')).toBeInTheDocument();

    await user.click(within(screen.getByRole('radiogroup', { name: 'Account type' })).getByLabelText('Checking'));
    await user.type(screen.getByLabelText('Routing number'), '0210-00021');
    expect(screen.getByLabelText('Routing number')).toHaveValue('021000021');
    await user.type(screen.getByLabelText('Account number'), '123456789012');
    await user.type(screen.getByLabelText('Confirm account number'), '123456789013');
    await user.type(draw, '5000');
    await user.click(submit);
    expect(await screen.findByText(/The account numbers don’t match/)).toBeInTheDocument();
    await waitFor(() => expect(draw).toHaveAccessibleDescription(expect.stringContaining('Draw at least $10,000.')));
    expect(saved).toHaveLength(0);

    // An amount past anything a line could be is refused in words that hold for it (not "Enter the amount").
    await user.clear(draw);
    await user.type(draw, '999999999');
    await user.click(submit);
    await waitFor(() => expect(draw).toHaveAccessibleDescription(expect.stringContaining('Enter the amount of your first draw in dollars, no more than your line.')));
    expect(saved).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm account number'));
    await user.type(screen.getByLabelText('Confirm account number'), '123456789012');
    await user.clear(draw);
    await user.type(draw, '50000');
    await user.click(submit);
    await waitFor(() => expect(currentUrl(router)).toBe('/app/application/submitted'));
    expect(saved).toEqual([
      {
        path: '/app/application/loan-disbursement',
        section: {
          disbursement: { accountHolderName: 'Ada Park', accountType: 'checking', routingNumber: '021000021', accountNumber: '123456789012', initialDraw: 50000 },
        },
      },
    ]);
    expect(submitted).toBe(1);
    // The numbers never went into a draft.
    for (const d of drafts) {
      expect(d.draft.section.disbursement).not.toHaveProperty('routingNumber');
      expect(d.draft.section.disbursement).not.toHaveProperty('accountNumber');
      expect(d.draft.section.disbursement).not.toHaveProperty('confirmAccountNumber');
    }
    expect(await screen.findByText('Submitted: in review')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'What happens next' })).toBeInTheDocument();
    for (const step of ['Review', 'Conditions', 'Appraisal, where needed', 'Closing']) {
      expect(screen.getByRole('heading', { name: step })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'View your application' })).toHaveAttribute('href', '/app/application/application-summary');
    expect(screen.getByRole('link', { name: 'Upload documents' })).toHaveAttribute('href', '/app/upload');
    expect(screen.getByText(/to account \*\*\*\*9012/)).toBeInTheDocument();
  });

  it('starts the first draw at the amount the rules give (the amount chosen on the offer), which the borrower can change', { timeout: 30_000 }, async () => {
    stubTRPC({
      ...pageBasics(),
      'application.get': () => ok(view()),
      'application.drawTerms': () => ok({ ...terms, line: 60000, originationFee: 600, maximumDraw: 59400, firstDraw: 59400 }),
      'funnel.pages': () => ok(pages),
    });
    render();
    const draw = await screen.findByLabelText('Amount of your first draw');
    await waitFor(() => expect(draw).toHaveValue('$59,400'));
    expect(draw).toHaveAccessibleDescription(expect.stringContaining('your line of $60,000 less the $600 origination fee'));
    const user = userEvent.setup();
    await user.clear(draw);
    await user.type(draw, '20000');
    expect(draw).toHaveValue('$20,000');
  });

  it('keeps the numbers on file when left empty, shows a refused field beside it, and lists what blocks the submission', { timeout: 30_000 }, async () => {
    const saved: { section: { disbursement: Record<string, unknown> } }[] = [];
    let refuseDraw = true;
    stubTRPC({
      ...pageBasics(),
      'application.get': () => ok(view({ disbursement: onFile })),
      'application.drawTerms': () => ok(terms),
      'application.save': (input) => {
        saved.push(input as never);
        if (refuseDraw) {
          refuseDraw = false;
          return trpcError('BAD_REQUEST', 400, 'Draw at most $99,000.', [
            { path: 'section.disbursement.initialDraw', message: 'Draw at most $99,000. Your first draw can be from $10,000 to $99,000.' },
          ]);
        }
        return ok(view({ disbursement: onFile }));
      },
      'application.submit': () =>
        trpcError('BAD_REQUEST', 400, 'Upload the documents still missing.', [
          { path: 'documents', message: 'Upload the documents still missing: 2 paystubs.' },
          { path: 'disclosures', message: 'Sign your disclosures.' },
        ]),
      'funnel.pages': () => ok(pages),
    });
    const user = userEvent.setup();
    const { router } = render();
    expect(await screen.findByText('We have routing number ****0021 on file. Leave this empty to keep it.')).toBeInTheDocument();
    expect(screen.getByText('We have account ****9012 on file. Leave this empty to keep it.')).toBeInTheDocument();
    expect(screen.getByLabelText('Routing number')).toHaveValue('');
    expect(screen.getByLabelText('Amount of your first draw')).toHaveValue('$25,000');

    await user.click(screen.getByRole('button', { name: 'Save and submit application' }));
    const draw = screen.getByLabelText('Amount of your first draw');
    await waitFor(() => expect(draw).toHaveAccessibleDescription(expect.stringContaining('Draw at most $99,000.')));
    expect(draw).toHaveAttribute('aria-invalid', 'true');
    expect(saved[0]!.section.disbursement).not.toHaveProperty('routingNumber');
    expect(saved[0]!.section.disbursement).not.toHaveProperty('accountNumber');

    await user.type(screen.getByLabelText('Account number'), '555566667777');
    await user.type(screen.getByLabelText('Confirm account number'), '555566667777');
    await user.click(screen.getByRole('button', { name: 'Save and submit application' }));
    const refused = await screen.findByRole('alert', { name: /can’t be submitted yet/ });
    expect(saved[1]!.section.disbursement).toMatchObject({ accountNumber: '555566667777' });
    // Saved: the typed number leaves the form; the one on file shows by its last 4 digits.
    expect(screen.getByLabelText('Account number')).toHaveValue('');
    expect(screen.getByLabelText('Confirm account number')).toHaveValue('');
    expect(within(refused).getByText(/2 paystubs/)).toBeInTheDocument();
    expect(within(refused).getByRole('link', { name: 'Upload your documents' })).toHaveAttribute('href', '/app/application/upload');
    expect(within(refused).getByRole('link', { name: 'Review and sign your disclosures' })).toHaveAttribute('href', '/app/application/sign');
    expect(currentUrl(router)).toBe('/app/application/loan-disbursement');
  });

  const propertyReason = 'We do not lend on manufactured homes or on buildings of more than 4 units.';
  const notice = aNotice({
    reasons: ['Unacceptable type of collateral: we do not lend on manufactured homes'],
    scoreDate: '2026-11-27',
    reasonCodes: ['PROPERTY_TYPE_NOT_ELIGIBLE'],
  });

  /** The page with an account on file, application.submit refused at field "offer" with `message`. */
  /** application.submit refused with message at field (a decline's reasons are at "decision", a change to make at "offer"). */
  function refusedWith(
    message: string,
    adverseAction: () => ReturnType<typeof ok> | ReturnType<typeof trpcError>,
    field: { path: string; message: string } = { path: 'offer', message },
  ) {
    const asked = { notice: 0 };
    stubTRPC({
      ...pageBasics(),
      'application.get': () => ok(view({ disbursement: onFile })),
      'application.drawTerms': () => ok(terms),
      'application.save': () => ok(view({ disbursement: onFile })),
      'application.submit': () => trpcError('BAD_REQUEST', 400, message, [field]),
      'prequal.adverseAction': () => {
        asked.notice++;
        return adverseAction();
      },
      'funnel.pages': () => ok(pages),
    });
    return asked;
  }

  it('says plainly that a declined application can’t be opened, in the reasons’ words, with the notice stored', { timeout: 30_000 }, async () => {
    // The server's words (server/web/submit.go compareTerms), with its ASCII apostrophe.
    refusedWith(`On your application's figures we cannot offer you this line. ${propertyReason}`, () => ok(notice), {
      path: 'decision',
      message: propertyReason,
    });
    const user = userEvent.setup();
    const { router } = render();
    await user.click(await screen.findByRole('button', { name: 'Save and submit application' }));

    const declined = await screen.findByRole('alert', { name: 'We can’t open this line' });
    expect(within(declined).getByRole('listitem')).toHaveTextContent(propertyReason);
    expect(within(declined).getByText(/Your application was not submitted/)).toBeInTheDocument();
    expect(screen.queryByText(/Before you submit/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: /can’t be submitted yet/ })).not.toBeInTheDocument();

    const article = await screen.findByRole('article', { name: 'Notice of action taken' });
    const reasons = within(article).getByRole('region', { name: 'Principal reasons for our decision' });
    expect(within(reasons).getByRole('listitem')).toHaveTextContent('Unacceptable type of collateral: we do not lend on manufactured homes');
    expect(within(article).getByRole('button', { name: /print/i })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/app/application/loan-disbursement');
  });

  it('says when the notice of a decline can’t be loaded, and loads it on trying again', { timeout: 30_000 }, async () => {
    let fail = true;
    refusedWith(
      `On your application's figures we cannot offer you this line. ${propertyReason}`,
      () => {
        if (fail) {
          fail = false;
          return trpcError('INTERNAL_SERVER_ERROR', 500, 'boom');
        }
        return ok(notice);
      },
      { path: 'decision', message: propertyReason },
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Save and submit application' }));
    expect(await screen.findByRole('alert', { name: 'We can’t open this line' })).toBeInTheDocument();
    expect(await screen.findByText('We couldn’t load your notice', {}, { timeout: 10_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Notice of action taken' })).toBeInTheDocument();
  });

  it('keeps a lower line or a missing fact as something to do, in the refusal’s words, with no notice', { timeout: 30_000 }, async () => {
    const lower =
      'On your application’s figures the most we can offer is $80,000, less than the $100,000 you chose. Go back to your offer to choose again.';
    const asked = refusedWith(lower, () => ok(notice));
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Save and submit application' }));
    const refused = await screen.findByRole('alert', { name: 'Your application can’t be submitted yet' });
    expect(within(refused).getByText(/Before you submit/)).toBeInTheDocument();
    expect(within(refused).getByRole('listitem')).toHaveTextContent(lower);
    // The terms moved: the way to the offer, which shows the new ones.
    expect(within(refused).getByRole('link', { name: 'See your new terms' })).toHaveAttribute('href', '/app/initial-setup/preview-offer');
    expect(screen.queryByRole('alert', { name: 'We can’t open this line' })).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Notice of action taken' })).not.toBeInTheDocument();
    expect(asked.notice).toBe(0);
  });

  it('is read-only once submitted: the fields are disabled and nothing saves', async () => {
    stubTRPC({
      'system.info': () => ok(sandboxSystemInfo),
      'application.get': () => ok(view({ readOnly: true, disbursement: onFile, submittedAt: '2026-11-25T10:05:00Z' })),
      'application.draft': () => ok({ draft: null, savedAt: null }),
      'application.drawTerms': () => ok(terms),
      'funnel.pages': () => ok(pages),
    });
    render();
    expect(await screen.findByText('Your application has been submitted')).toBeInTheDocument();
    expect(screen.getByLabelText('Name on the account')).toBeDisabled();
    expect(screen.getByLabelText('Routing number')).toBeDisabled();
    expect(screen.getByLabelText('Routing number')).toHaveAccessibleDescription('Routing number on file: ****0021.');
    expect(screen.getByLabelText('Amount of your first draw')).toHaveValue('$25,000');
    expect(screen.queryByRole('button', { name: 'Save and submit application' })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Next' })).toHaveAttribute('href', '/app/application/submitted');
  });
});

describe('submitted page', () => {
  it('says when the application is not submitted yet and links back', async () => {
    stubTRPC({
      'system.info': () => ok(sandboxSystemInfo),
      'application.get': () => ok(view()),
    });
    renderRoutes('/app/application/submitted', [{ path: '/app/application/submitted', element: <SubmittedPage /> }]);
    expect(await screen.findByText('Your application hasn’t been submitted yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to loan disbursement' })).toHaveAttribute('href', '/app/application/loan-disbursement');
  });
});
