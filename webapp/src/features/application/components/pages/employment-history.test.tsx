import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { loadValidators } from '@/lib/schema-resolver';
import { currentUrl, ok, renderRoutes, sandboxSystemInfo, stubTRPC, trpcError } from '@/testing/test-utils';

import type { ApplicationView } from '../../api/get-application';
import type { EmploymentHistory } from '../../api/get-employment-history';
import EmploymentHistoryPage, { toSection, type EmploymentValues } from './employment-history';
import { newEmploymentEntry, toEmployment, toEmploymentEntry } from './employment-history-fields';
import { isoToMonth, maskMonth, monthToIso } from './employment-history-month';

const page4 = '/app/application/4';
const next = '/app/application/business-information';

function person(over: Record<string, unknown> = {}) {
  return { employments: [], employmentGaps: [], incomeSources: [], formerAddresses: [], mailingAddress: null, ...over };
}

function view(user: Record<string, unknown> = {}, coborrower: Record<string, unknown> | null = null): ApplicationView {
  return {
    application: {
      user: person(user),
      coborrower: coborrower && person(coborrower),
      uploads: [],
      property: { state: 'CO' },
      mortgages: [],
      liabilities: [],
      propertyOwnerships: [],
      isInTrust: false,
    } as unknown as ApplicationView['application'],
    applicationStatus: 'application4',
    readOnly: false,
    hasCoborrower: coborrower !== null,
  };
}

const noGaps: EmploymentHistory = {
  gaps: [],
  nextStartDate: '2024-11-01',
  windowStart: '2024-11-25',
  currentlyEmployed: false,
  trailingGap: null,
  windowYears: 2,
  gapThresholdDays: 31,
  windowUncovered: null,
  complete: true,
  missing: [],
};

type Typed = { party: string; employments?: { startDate: string; endDate: string | null }[] };

/** The policy's words for a missing previous employer (the employment table's). */
const previousEmployer = (since: string) =>
  `Your jobs listed start in ${since}. Add your previous employer, so that your work history covers the last 2 years.`;

const funnelPages = (path: string) => ({
  area: 'application',
  progress: null,
  pages: [{ path, label: 'Employment history', area: 'application', step: 'application5', section: 'Employment', order: 5, state: 'current', open: true }],
  previous: null,
  next: { path: next, label: 'Business information', area: 'application', step: 'application5', section: 'Employment', order: 5 },
});

function setup({
  path = page4,
  application = view(),
  history = () => noGaps,
  save,
}: {
  path?: string;
  application?: ApplicationView;
  history?: (input: unknown) => EmploymentHistory;
  save?: (input: unknown) => { status?: number; body: unknown };
} = {}) {
  const saves: unknown[] = [];
  const histories: unknown[] = [];
  const stubbed = stubTRPC({
    'system.info': () => ok(sandboxSystemInfo),
    'funnel.pages': (input) => ok(funnelPages((input as { path: string }).path)),
    'application.get': () => ok(application),
    'application.draft': () => ok({ draft: null, savedAt: null }),
    'application.saveDraft': () => ok({ savedAt: '2026-11-25T10:00:00Z' }),
    'application.employment': (input) => {
      histories.push(input);
      return ok(history(input));
    },
    'application.save': (input) => {
      saves.push(input);
      return save ? save(input) : ok(application);
    },
  });
  const rendered = renderRoutes(path, [
    { path, element: <EmploymentHistoryPage /> },
    { path: next, element: <h1>Business information</h1> },
  ]);
  return { ...stubbed, ...rendered, saves, histories, user: userEvent.setup() };
}

// The schema's validators load with the first form; loaded here, the
// first Continue answers as fast as the next.
beforeAll(async () => {
  await loadValidators();
});

describe('employment months', () => {
  it('types MM/YYYY and stores a start as the first and an end as the last day of the month', () => {
    expect(maskMonth('032024')).toBe('03/2024');
    expect(maskMonth('0')).toBe('0');
    expect(monthToIso('03/2024', 'start')).toBe('2024-03-01');
    expect(monthToIso('02/2024', 'end')).toBe('2024-02-29');
    expect(monthToIso('02/2025', 'end')).toBe('2025-02-28');
    expect(monthToIso('12/2025', 'end')).toBe('2025-12-31');
    // A month that is none is kept for the schema to refuse, not moved to another.
    expect(monthToIso('13/2025', 'end')).toBe('2025-13-01');
    expect(monthToIso('03/20', 'start')).toBeNull();
    expect(isoToMonth('2024-03-31')).toBe('03/2024');
  });

  it('a current job is saved with no end date, one that ended keeps its (empty) end date to be asked for', () => {
    const current = { ...newEmploymentEntry('2023-01-01'), employerName: ' Acme ', position: 'Engineer', current: true, selfEmployedIndicator: false, base: 5000 };
    expect(toEmployment(current)).toEqual({
      dataSource: 'Manual',
      employerName: 'Acme',
      position: 'Engineer',
      startDate: '2023-01-01',
      selfEmployedIndicator: false,
      base: 5000,
      endDate: null,
    });
    expect(toEmployment({ ...current, current: false }).endDate).toBe('');
    // A saved job's fields the page does not ask (a verified source) come back as they were.
    const verified = { startDate: '2022-05-01', endDate: null, selfEmployedIndicator: false, dataSource: 'Payroll', reportId: 'r1' };
    expect(toEmployment(toEmploymentEntry(verified))).toEqual(verified);
    // Self-employment's questions are not sent for a job that is not.
    const entry = { ...current, selfEmployedIndicator: false, ownershipInterestType: 'LessThan25Percent' as const, businessStructure: 'llc' as const };
    expect(toEmployment(entry)).not.toHaveProperty('businessStructure');
  });
});

describe('employment history page', () => {
  it('a first visit starts one employer at the policy’s nextStartDate; empty answers are refused beside their fields', async () => {
    const { user, saves } = setup();
    const employer = await screen.findByRole('group', { name: 'Employer 1' });
    expect(within(employer).getByRole('textbox', { name: /Start date/ })).toHaveValue('11/2024');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await within(employer).findByText('Enter the employer’s name.')).toBeVisible();
    expect(within(employer).getByText('Enter the position or title.')).toBeVisible();
    expect(within(employer).getByRole('textbox', { name: /End date/ })).toHaveAccessibleDescription(/MM\/YYYY/);
    expect(within(employer).getByRole('radiogroup', { name: 'Is this self-employment?' })).toBeInTheDocument();
    expect(saves).toHaveLength(0);
  });

  it('a self-employed current job is saved with its share and structure, and Continue goes to the next page', async () => {
    const { user, saves, router } = setup();
    const employer = await screen.findByRole('group', { name: 'Employer 1' });
    await user.type(within(employer).getByRole('textbox', { name: 'Employer or business name' }), 'Marino Design');
    await user.type(within(employer).getByRole('textbox', { name: 'Position or title' }), 'Owner');
    const start = within(employer).getByRole('textbox', { name: /Start date/ });
    await user.clear(start);
    await user.type(start, '062019');
    expect(start).toHaveValue('06/2019');
    await user.click(within(employer).getByRole('checkbox', { name: 'I work here now' }));
    expect(within(employer).queryByRole('textbox', { name: /End date/ })).not.toBeInTheDocument();
    await user.click(within(within(employer).getByRole('radiogroup', { name: 'Is this self-employment?' })).getByRole('radio', { name: 'Yes' }));
    await user.click(within(employer).getByRole('radio', { name: '25% or more' }));
    await user.click(within(employer).getByRole('radio', { name: 'Limited liability company (LLC)' }));
    await user.type(within(employer).getByRole('textbox', { name: 'Base pay per month' }), '9500');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(next));
    expect(saves).toEqual([
      {
        path: page4,
        section: {
          employments: [
            {
              employerName: 'Marino Design',
              position: 'Owner',
              startDate: '2019-06-01',
              endDate: null,
              selfEmployedIndicator: true,
              ownershipInterestType: 'GreaterThanOrEqualTo25Percent',
              businessStructure: 'llc',
              base: 9500,
              // A job entered here is a manual one (spec §3).
              dataSource: 'Manual',
            },
          ],
          employmentGaps: [],
        },
      },
    ]);
  });

  it('shows each gap of the policy with its question, requires an answer, and saves it by the gap’s dates', async () => {
    const jobs = [
      { employerName: 'Acme', position: 'Analyst', startDate: '2022-01-01', endDate: '2024-12-31', selfEmployedIndicator: false, base: 4000, dataSource: 'Manual' },
      { employerName: 'Globex', position: 'Lead', startDate: '2025-03-01', endDate: null, selfEmployedIndicator: false, base: 6000, dataSource: 'Manual' },
    ];
    const history: EmploymentHistory = {
      ...noGaps,
      gaps: [{ from: '2024-12-31', to: '2025-03-01', days: 60, explanation: null }],
      nextStartDate: '2025-01-01',
      currentlyEmployed: true,
    };
    const { user, saves, router, histories } = setup({ application: view({ employments: jobs }), history: () => history });
    const question = await screen.findByRole('textbox', { name: 'What were you doing between December 2024 and March 2025?' });
    expect(question).toHaveAccessibleDescription('No job is listed from December 31, 2024 to March 1, 2025 (60 days).');
    expect(histories[0]).toEqual({ party: 'borrower' });
    // The policy is asked about the employments as the page holds them.
    await waitFor(() =>
      expect(histories).toContainEqual({
        party: 'borrower',
        employments: [
          { startDate: '2022-01-01', endDate: '2024-12-31' },
          { startDate: '2025-03-01', endDate: null },
        ],
      }),
    );
    expect(screen.getByRole('group', { name: 'Employer 2: Globex' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Tell us what you were doing between December 2024 and March 2025.')).toBeVisible();
    expect(saves).toHaveLength(0);

    await user.type(question, 'Moved to Denver and looked for work');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(next));
    expect((saves[0] as { section: { employmentGaps: unknown } }).section.employmentGaps).toEqual([
      { from: '2024-12-31', to: '2025-03-01', explanation: 'Moved to Denver and looked for work' },
    ]);
  });

  it('Add an employer starts the new employer at the policy’s nextStartDate, and Remove takes it away', async () => {
    const job = { employerName: 'Acme', position: 'Analyst', startDate: '2023-06-01', endDate: '2025-04-30', selfEmployedIndicator: false, base: 4000, dataSource: 'Manual' };
    const { user, saves } = setup({ application: view({ employments: [job] }), history: () => ({ ...noGaps, nextStartDate: '2025-05-01' }) });
    await screen.findByRole('group', { name: 'Employer 1: Acme' });
    await user.click(screen.getByRole('button', { name: 'Add an employer' }));
    const added = await screen.findByRole('group', { name: 'Employer 2' });
    expect(within(added).getByRole('textbox', { name: /Start date/ })).toHaveValue('05/2025');
    expect(within(added).getByRole('textbox', { name: 'Employer or business name' })).toHaveFocus();
    await user.click(within(added).getByRole('button', { name: 'Remove Employer 2' }));
    expect(screen.queryByRole('group', { name: 'Employer 2' })).not.toBeInTheDocument();
    expect(saves).toHaveLength(0);
  });

  it('a field the server refuses is named beside it', async () => {
    const job = { employerName: 'Acme', position: 'Analyst', startDate: '2023-06-01', endDate: null, selfEmployedIndicator: false, base: 4000, dataSource: 'Manual' };
    const { user } = setup({
      application: view({ employments: [job] }),
      save: () => trpcError('BAD_REQUEST', 400, 'Check the highlighted fields.', [{ path: 'section.employments.0.position', message: 'Use at most 100 characters, without control characters.' }]),
    });
    const employer = await screen.findByRole('group', { name: 'Employer 1: Acme' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await within(employer).findByText('Use at most 100 characters, without control characters.')).toBeVisible();
    expect(within(employer).getByRole('textbox', { name: 'Position or title' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('a gap made by the employers as typed is asked about before the page goes on', async () => {
    // The policy finds the gap once the earlier job's end is typed.
    const history = (input: unknown) => {
      const jobs = (input as Typed).employments ?? [];
      return jobs.some((j) => j.endDate === '2024-12-31')
        ? { ...noGaps, currentlyEmployed: true, gaps: [{ from: '2024-12-31', to: '2025-03-01', days: 60, explanation: null }] }
        : noGaps;
    };
    const job = { employerName: 'Globex', position: 'Lead', startDate: '2025-03-01', endDate: null, selfEmployedIndicator: false, base: 6000, dataSource: 'Manual' };
    const { user, saves } = setup({ application: view({ employments: [job] }), history });
    await screen.findByRole('group', { name: 'Employer 1: Globex' });
    expect(screen.queryByRole('textbox', { name: /^What were you doing between/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add an employer' }));
    const earlier = await screen.findByRole('group', { name: 'Employer 2' });
    await user.type(within(earlier).getByRole('textbox', { name: 'Employer or business name' }), 'Acme');
    await user.type(within(earlier).getByRole('textbox', { name: 'Position or title' }), 'Analyst');
    await user.type(within(earlier).getByRole('textbox', { name: /End date/ }), '122024');
    const question = await screen.findByRole('textbox', { name: 'What were you doing between December 2024 and March 2025?' }, { timeout: 5000 });
    await user.click(within(within(earlier).getByRole('radiogroup', { name: 'Is this self-employment?' })).getByRole('radio', { name: 'No' }));
    await user.type(within(earlier).getByRole('textbox', { name: 'Base pay per month' }), '4000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Tell us what you were doing between December 2024 and March 2025.')).toBeVisible();
    expect(saves).toHaveLength(0);
    await user.type(question, 'Moved to Denver');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(saves).toHaveLength(1));
  });

  it('while the policy finds no previous employer it asks for one, and Continue stays until one is added', async () => {
    // The policy's answer: a current job alone since March 2025 leaves the window uncovered.
    const history = (input: unknown) => {
      const jobs = (input as Typed).employments ?? [];
      const alone = jobs.length === 1 && jobs[0]!.startDate === '2025-03-01';
      return alone
        ? {
            ...noGaps,
            currentlyEmployed: true,
            complete: false,
            windowUncovered: { from: '2024-11-25', to: '2025-03-01', days: 96 },
            missing: [{ code: 'previousEmployerMissing' as const, field: 'employments', message: previousEmployer('March 2025'), from: '2024-11-25', to: '2025-03-01' }],
          }
        : { ...noGaps, currentlyEmployed: true, nextStartDate: '2022-11-01' };
    };
    const job = { employerName: 'Globex', position: 'Lead', startDate: '2025-03-01', endDate: null, selfEmployedIndicator: false, base: 6000, dataSource: 'Manual' };
    const { user, saves, router } = setup({ application: view({ employments: [job] }), history });
    await screen.findByRole('group', { name: 'Employer 1: Globex' });
    // Asked before Continue, in the policy's words.
    expect(await screen.findByText(previousEmployer('March 2025'))).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(previousEmployer('March 2025'));
    expect(saves).toHaveLength(0);
    expect(currentUrl(router)).toBe(page4);

    await user.click(screen.getByRole('button', { name: 'Add an employer' }));
    const earlier = await screen.findByRole('group', { name: 'Employer 2' });
    await user.type(within(earlier).getByRole('textbox', { name: 'Employer or business name' }), 'Acme');
    await user.type(within(earlier).getByRole('textbox', { name: 'Position or title' }), 'Analyst');
    const start = within(earlier).getByRole('textbox', { name: /Start date/ });
    await user.clear(start);
    await user.type(start, '102022');
    await user.type(within(earlier).getByRole('textbox', { name: /End date/ }), '022025');
    await user.click(within(within(earlier).getByRole('radiogroup', { name: 'Is this self-employment?' })).getByRole('radio', { name: 'No' }));
    await user.type(within(earlier).getByRole('textbox', { name: 'Base pay per month' }), '4000');
    await waitFor(() => expect(screen.queryByText(previousEmployer('March 2025'))).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(next));
    expect((saves[0] as { section: { employments: unknown[] } }).section.employments).toHaveLength(2);
  });

  it('a start date after this month is refused at its field in the policy’s words, before anything is saved', async () => {
    // The policy's answer: a job starting in June 2030 has not begun.
    const future = 'Enter a start date no later than November 2026: your work history lists the jobs you have started.';
    const asked: string[] = [];
    const history = (input: unknown) => {
      const jobs = (input as Typed).employments ?? [];
      asked.push(jobs.map((j) => j.startDate).join());
      return jobs.some((j) => j.startDate > '2026-11-30')
        ? {
            ...noGaps,
            currentlyEmployed: true,
            complete: false,
            missing: [{ code: 'startDateInFuture' as const, field: 'employments.0.startDate', message: future, from: '2026-11-28', to: '2030-06-01' }],
          }
        : { ...noGaps, currentlyEmployed: true };
    };
    const job = { employerName: 'Globex', position: 'Lead', startDate: '2030-06-01', endDate: null, selfEmployedIndicator: false, base: 6000, dataSource: 'Manual' };
    const { user, saves, router } = setup({ application: view({ employments: [job] }), history });
    const employer = await screen.findByRole('group', { name: 'Employer 1: Globex' });
    const start = within(employer).getByRole('textbox', { name: /Start date/ });
    // The policy is asked about the employments as they are (and its answer lands) before Continue.
    await waitFor(() => expect(asked).toContain('2030-06-01'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(start).toHaveAttribute('aria-invalid', 'true'));
    expect(start).toHaveAccessibleDescription(expect.stringContaining(future));
    expect(saves).toHaveLength(0);
    expect(currentUrl(router)).toBe(page4);

    await user.clear(start);
    await user.type(start, '032025');
    await waitFor(() => expect(asked).toContain('2025-03-01'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(next));
    expect(saves).toHaveLength(1);
  });

  it('an end date before the start is refused at the end date in the policy’s words, before anything is saved', async () => {
    // The policy's answer: a job that ends before it starts covers no time.
    const backwards = 'Enter an end date no earlier than the start date, June 2022.';
    const asked: string[] = [];
    const history = (input: unknown) => {
      const jobs = (input as Typed).employments ?? [];
      asked.push(jobs.map((j) => `${j.startDate}/${j.endDate}`).join());
      return jobs.some((j) => j.endDate !== null && j.endDate < j.startDate)
        ? {
            ...noGaps,
            currentlyEmployed: true,
            complete: false,
            missing: [{ code: 'endDateBeforeStart' as const, field: 'employments.1.endDate', message: backwards, from: '2022-06-01', to: '2021-12-31' }],
          }
        : { ...noGaps, currentlyEmployed: true };
    };
    const now = { employerName: 'Globex', position: 'Lead', startDate: '2025-03-01', endDate: null, selfEmployedIndicator: false, base: 6000, dataSource: 'Manual' };
    const before = { ...now, employerName: 'Acme', startDate: '2022-06-01', endDate: '2021-12-31' };
    const { user, saves, router } = setup({ application: view({ employments: [now, before] }), history });
    const employer = await screen.findByRole('group', { name: 'Employer 2: Acme' });
    const end = within(employer).getByRole('textbox', { name: /End date/ });
    await waitFor(() => expect(asked).toContain('2025-03-01/null,2022-06-01/2021-12-31'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(end).toHaveAttribute('aria-invalid', 'true'));
    expect(end).toHaveAccessibleDescription(expect.stringContaining(backwards));
    expect(saves).toHaveLength(0);
    expect(currentUrl(router)).toBe(page4);
  });

  it('a refusal of the server that is no field’s is told on the page', async () => {
    const job = { employerName: 'Globex', position: 'Lead', startDate: '2025-03-01', endDate: null, selfEmployedIndicator: false, base: 6000, dataSource: 'Manual' };
    const { user, router } = setup({
      application: view({ employments: [job] }),
      save: () => trpcError('BAD_REQUEST', 400, previousEmployer('March 2025'), [{ path: 'section.employments', message: previousEmployer('March 2025') }]),
    });
    await screen.findByRole('group', { name: 'Employer 1: Globex' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(previousEmployer('March 2025'));
    expect(currentUrl(router)).toBe(page4);
  });

  it('the coborrower’s page reads and saves the coborrower’s employments', async () => {
    const path = '/app/application/4/coborrower';
    const job = { employerName: 'Initech', position: 'Nurse', startDate: '2020-02-01', endDate: null, selfEmployedIndicator: false, base: 5200, dataSource: 'Manual' };
    const { user, saves, histories, router } = setup({ path, application: view({}, { employments: [job] }) });
    await screen.findByRole('group', { name: 'Employer 1: Initech' });
    expect(histories[0]).toEqual({ party: 'coborrower' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(next));
    expect(saves[0]).toMatchObject({ path, section: { employments: [{ employerName: 'Initech', endDate: null }] } });
  });

  it('the section is what the schema takes: no page-only field is sent', () => {
    const values: EmploymentValues = { employments: [{ ...newEmploymentEntry('2024-01-01'), current: true }], employmentGaps: [] };
    const [e] = toSection(values).employments;
    expect(e).not.toHaveProperty('current');
    expect(e).not.toHaveProperty('kept');
  });
});
