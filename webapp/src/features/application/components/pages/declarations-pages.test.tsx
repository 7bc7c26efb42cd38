import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { ok, renderRoutes, sandboxSystemInfo, stubTRPC } from '@/testing/test-utils';

import DebtConsolidationPage from './debt-consolidation';
import DeclarationsPage from './declarations';
import DemographicsPage from './demographics';

// The A4 pages over stubbed procedures (application.get/draft/save,
// funnel.pages, prequal.creditReport): what each asks, what it refuses,
// and the section application.save receives. Many clicks each: the
// tests get time for a machine shared with other runs.

vi.setConfig({ testTimeout: 30_000 });

type View = Record<string, unknown>;

function person(extra: Record<string, unknown> = {}) {
  return { firstName: 'Pat', lastName: 'Prime', email: 'prime@example.com', employments: [], incomeSources: [], formerAddresses: [], employmentGaps: [], mailingAddress: null, hitchLoan: null, ...extra };
}

function view({ coborrower = false, readOnly = false, user = {}, application = {} }: { coborrower?: boolean; readOnly?: boolean; user?: Record<string, unknown>; application?: Record<string, unknown> } = {}): View {
  return {
    application: {
      user: person(user),
      coborrower: coborrower ? person({ firstName: 'Casey', lastName: 'Co', email: 'casey@example.com' }) : null,
      uploads: [],
      property: { state: 'CA', usage: 'primaryResidence' },
      mortgages: [],
      liabilities: [],
      propertyOwnerships: [],
      isInTrust: false,
      ...application,
    },
    applicationStatus: 'application7',
    readOnly,
    hasCoborrower: coborrower,
  };
}

const next = { path: '/app/application/next', label: 'Next page', section: 'Next', area: 'application', step: 'x', order: null };

function stub(v: View, extra: Record<string, (input: unknown) => ReturnType<typeof ok>> = {}) {
  const saves: { path: string; section: Record<string, unknown> }[] = [];
  const calls = stubTRPC({
    'system.info': () => ok(sandboxSystemInfo),
    'application.get': () => ok(v),
    'application.draft': () => ok({ draft: null, savedAt: null }),
    'application.saveDraft': () => ok({ savedAt: '2026-01-01T00:00:00Z' }),
    'application.save': (input) => {
      saves.push(input as (typeof saves)[number]);
      return ok(v);
    },
    'funnel.pages': () => ok({ area: 'application', pages: [], progress: null, previous: null, next }),
    ...extra,
  });
  return { saves, calls };
}

function render(path: string, element: React.ReactElement) {
  return renderRoutes(path, [
    { path, element },
    { path: '/app/application/next', element: <p>The next page</p> },
  ]);
}

const yes = (question: RegExp) => within(screen.getByRole('radiogroup', { name: question })).getByRole('radio', { name: 'Yes' });
const no = (question: RegExp) => within(screen.getByRole('radiogroup', { name: question })).getByRole('radio', { name: 'No' });

/** coborrower.status: Casey named, nothing done, not invited yet. */
const waitingFor = {
  hasCoborrower: true,
  name: 'Casey Prime',
  email: 'casey@example.com',
  invitedAt: null,
  done: { creditAuthorization: false, declarations: false, demographics: false, signed: false },
  waiting: true,
};

describe('declarations page', () => {
  it('asks every declaration as a yes/no named by its question, and refuses Continue until each is answered and the credit check authorized', async () => {
    const { saves } = stub(view());
    render('/app/application/7', <DeclarationsPage />);
    const groups = await screen.findAllByRole('radiogroup');
    expect(groups).toHaveLength(15);
    expect(screen.getByRole('radiogroup', { name: /declared bankruptcy within the past 7 years/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/Authorize the credit check/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: /primary residence/ })).toHaveAccessibleDescription(/./);
    expect(saves).toHaveLength(0);
  });

  it('opens a follow-up after Yes, requires it, and saves the answers with it; a No takes it away again', async () => {
    const { saves } = stub(view());
    render('/app/application/7', <DeclarationsPage />);
    await screen.findAllByRole('radiogroup');
    for (const group of screen.getAllByRole('radiogroup')) await userEvent.click(within(group).getByRole('radio', { name: 'No' }));
    expect(screen.queryByRole('radiogroup', { name: 'What type of bankruptcy?' })).not.toBeInTheDocument();
    await userEvent.click(yes(/declared bankruptcy/));
    await userEvent.click(yes(/borrowing any money for this real estate transaction/));
    await userEvent.click(screen.getByRole('checkbox', { name: /I authorize the lender to obtain my credit report/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose the bankruptcy chapter.')).toBeInTheDocument();
    expect(screen.getByText('Enter the amount you are borrowing or receiving.')).toBeInTheDocument();
    expect(saves).toHaveLength(0);

    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'What type of bankruptcy?' })).getByRole('radio', { name: 'Chapter 13' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'What is the amount of this money?' }), '5000');
    // Changed to No: the amount is no longer asked nor sent.
    await userEvent.click(no(/borrowing any money for this real estate transaction/));
    expect(screen.queryByRole('textbox', { name: 'What is the amount of this money?' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The next page', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(saves).toHaveLength(1);
    expect(saves[0]!.path).toBe('/app/application/7');
    expect(saves[0]!.section.coborrower).toBeNull();
    expect(saves[0]!.section.user).toMatchObject({
      hasBankruptcy: true,
      bankruptcy: 'chapter13',
      hasBorrowedThirdPartyMoney: false,
      borrowedThirdPartyMoneyAmount: null,
      hasIntentToOccupy: false,
      creditCheckAuthorization: true,
    });
    expect(saves[0]!.section.user).not.toHaveProperty('otherPropertyType');
  });

  it('starts from what the borrower told us, and “None of these apply” answers No to every other question, each still answerable', async () => {
    // Carried from prequalification: the home is their primary residence; no foreclosure, no bankruptcy.
    const { saves } = stub(view({ user: { declarations: { hasIntentToOccupy: true, hasForeclosure: false, hasBankruptcy: false } } }));
    render('/app/application/7', <DeclarationsPage />);
    await screen.findAllByRole('radiogroup');
    expect(yes(/primary residence/)).toBeChecked();
    expect(no(/foreclosed upon in the last 7 years/)).toBeChecked();
    expect(no(/lawsuit/)).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'None of these apply to me' }));
    const occupy = screen.getByRole('radiogroup', { name: /primary residence/ });
    for (const group of screen.getAllByRole('radiogroup')) {
      if (group !== occupy) expect(within(group).getByRole('radio', { name: 'No' })).toBeChecked();
    }
    expect(yes(/primary residence/)).toBeChecked();
    // Each is still answerable.
    await userEvent.click(yes(/lawsuit/));
    await userEvent.click(screen.getByRole('checkbox', { name: /I authorize the lender to obtain my credit report/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The next page', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(saves[0]!.section.user).toMatchObject({ hasIntentToOccupy: true, isPartyToLawsuit: true, hasForeclosure: false, hasFederalDebt: false });
  });

  it('asks only the borrower’s declarations on a loan with a coborrower, and says it waits for the coborrower, who answers their own', async () => {
    const invites: unknown[] = [];
    const { saves } = stub(view({ coborrower: true }), {
      'coborrower.status': () => ok(waitingFor),
      'coborrower.invite': (input) => {
        invites.push(input);
        return ok({ ...waitingFor, invitedAt: '2026-11-22T15:00:00Z' });
      },
    });
    render('/app/application/7', <DeclarationsPage />);
    expect(await screen.findByRole('heading', { name: 'Waiting for Casey Prime' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getAllByRole('radiogroup')).toHaveLength(15);
    await userEvent.click(screen.getByRole('button', { name: 'Send Casey the invitation' }));
    expect(await screen.findByText(/We e-mailed Casey the invitation/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(invites).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Send Casey the invitation again' })).toBeInTheDocument();
    expect(saves).toHaveLength(0);
  });
});

describe('demographics page', () => {
  it('shows the federal notice and asks ethnicity, race and sex, each with its refusal', async () => {
    const { saves } = stub(view());
    render('/app/application/6', <DemographicsPage />);
    expect(await screen.findByText(/Federal law requires that we ask applicants for their demographic information/)).toBeInTheDocument();
    for (const legend of ['Ethnicity', 'Race', 'Sex']) {
      const group = screen.getByRole('group', { name: legend });
      expect(within(group).getByRole('checkbox', { name: 'I do not wish to provide this information' })).toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose an ethnicity, or that you do not wish to provide it.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Choose a race, or that you do not wish to provide it.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Sex' })).toHaveAccessibleDescription('Choose your sex, or that you do not wish to provide it.');
    expect(saves).toHaveLength(0);
  });

  it('shows origins under their box and free text under Other, and saves the boxes ticked', async () => {
    const { saves } = stub(view());
    render('/app/application/6', <DemographicsPage />);
    const race = await screen.findByRole('group', { name: 'Race' });
    expect(within(race).queryByRole('checkbox', { name: 'Korean' })).not.toBeInTheDocument();
    await userEvent.click(within(race).getByRole('checkbox', { name: 'Asian' }));
    await userEvent.click(within(race).getByRole('checkbox', { name: 'Korean' }));
    await userEvent.click(within(race).getByRole('checkbox', { name: 'Other Asian' }));
    await userEvent.type(within(race).getByRole('textbox', { name: 'Race' }), 'Hmong');
    await userEvent.click(within(race).getByRole('checkbox', { name: 'Native Hawaiian or Other Pacific Islander' }));
    await userEvent.click(within(race).getByRole('checkbox', { name: 'Samoan' }));
    const ethnicity = screen.getByRole('group', { name: 'Ethnicity' });
    await userEvent.click(within(ethnicity).getByRole('checkbox', { name: 'Hispanic or Latino' }));
    await userEvent.click(within(ethnicity).getByRole('checkbox', { name: 'Other Hispanic or Latino' }));
    await userEvent.type(within(ethnicity).getByRole('textbox', { name: 'Origin' }), 'Colombian');
    const sex = screen.getByRole('group', { name: 'Sex' });
    await userEvent.click(within(sex).getByRole('checkbox', { name: 'Female' }));
    // Refusing clears what was ticked.
    await userEvent.click(within(sex).getByRole('checkbox', { name: 'I do not wish to provide this information' }));
    expect(within(sex).getByRole('checkbox', { name: 'Female' })).not.toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The next page', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(saves[0]!.section.user).toMatchObject({
      isHispanicOrLatino: true,
      isOtherHispanicOrLatino: true,
      otherHispanicOrLatinoOrigin: 'Colombian',
      isAsian: true,
      isKorean: true,
      isOtherAsian: true,
      otherAsianOrigin: 'Hmong',
      isPacificIslander: true,
      isSamoan: true,
      isWhite: false,
      isFemale: false,
      wontInformGender: true,
    });
    expect(saves[0]!.section.user).not.toHaveProperty('isNotHispanicOrLatino');
  });

  it('keeps Not Hispanic or Latino as no ethnicity box, shows it ticked again, and saves no answers for the coborrower, who gives their own', async () => {
    const { saves } = stub(view({ coborrower: true, user: { demographics: { isWhite: true, isMale: true } } }), {
      'coborrower.status': () => ok({ ...waitingFor, invitedAt: '2026-11-22T15:00:00Z' }),
    });
    render('/app/application/6', <DemographicsPage />);
    const user = await screen.findByRole('region', { name: 'Your information' });
    expect(within(within(user).getByRole('group', { name: 'Ethnicity' })).getByRole('checkbox', { name: 'Not Hispanic or Latino' })).toBeChecked();
    expect(await screen.findByRole('region', { name: 'Waiting for Casey Prime' })).toBeInTheDocument();
    expect(screen.getAllByRole('group', { name: 'Race' })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The next page', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(saves[0]!.section.user).toMatchObject({ isHispanicOrLatino: false, wontInformEthinicity: false, isWhite: true, isMale: true });
    expect(saves[0]!.section.coborrower ?? null).toBeNull();
  });
});

const debts = [
  { id: 'card-1', creditor: 'Pacific Card Services', type: 'revolving', balance: 8200, monthlyPayment: 246, toBePaidOff: false, omitted: false, addedByUser: false },
  { id: 'auto-1', creditor: 'Bay Auto Finance', type: 'installment', balance: 14500, monthlyPayment: 389, toBePaidOff: false, omitted: true, addedByUser: false },
  // A debt the borrower added has no report id: not one to choose here.
  { creditor: 'Family loan', balance: 1000, toBePaidOff: false, omitted: false, addedByUser: true },
];

describe('debt consolidation page', () => {
  it('lists the report’s debts, adds up the monthly saving of those paid off, and saves the choices by id', async () => {
    const { saves } = stub(view({ application: { liabilities: debts } }));
    render('/app/application/debt-consolidation', <DebtConsolidationPage />);
    const payCard = await screen.findByRole('checkbox', { name: 'Pay off Pacific Card Services at closing' });
    expect(screen.queryByText('Family loan')).not.toBeInTheDocument();
    expect(screen.getAllByRole('checkbox', { name: 'Leave this debt out of my debt-to-income ratio' })[1]).toBeChecked();
    expect(screen.getByText('$0')).toBeInTheDocument();
    await userEvent.click(payCard);
    expect(screen.getByText('$246')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Pay off Bay Auto Finance at closing' }));
    expect(screen.getByText('$635')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The next page', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(saves[0]!.section).toEqual({
      liabilities: [
        { id: 'card-1', toBePaidOff: true, omitted: false },
        { id: 'auto-1', toBePaidOff: true, omitted: false },
      ],
    });
  });

  it('goes on with no debts to choose when the report has none', async () => {
    const { saves } = stub(view());
    render('/app/application/debt-consolidation', <DebtConsolidationPage />);
    expect(await screen.findByText(/Your credit report shows no debts to pay off/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(saves).toEqual([{ path: '/app/application/debt-consolidation', section: { liabilities: [] } }]));
  });
});
