import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { currentUrl, ok, renderRoutes, sandboxSystemInfo, stubTRPC, trpcError } from '@/testing/test-utils';

import type { IncomeVerificationPerson, IncomeVerificationView } from '../../api/income-verification';
import IncomeVerificationPage from './income-verification';

const path = '/app/application/income-verification';
const next = '/app/application/identity-verification';

const paystubs = { type: 'paystubs', label: 'Your 2 most recent paystubs, showing year-to-date earnings', required: 2 };
const w2 = { type: 'w2', label: 'W-2s for 2024 and 2025', required: 2 };

function person(over: Partial<IncomeVerificationPerson> = {}): IncomeVerificationPerson {
  return {
    party: 'borrower',
    name: 'Olivia Bennett',
    method: null,
    verifiedAt: null,
    jobs: [{ employerName: 'Bayview Analytics', position: 'Senior Data Analyst', current: true, selfEmployed: false, verified: false }],
    payrollEmployers: [],
    documents: [paystubs, w2],
    ...over,
  };
}

function view(borrower = person(), coborrower: IncomeVerificationPerson | null = null): IncomeVerificationView {
  return { applicationStatus: 'application6', readOnly: false, provider: 'Sandbox Payroll Network (test data)', sandbox: true, borrower, coborrower };
}

const verified = person({
  method: 'payroll',
  verifiedAt: '2026-11-22T15:00:00Z',
  jobs: [{ employerName: 'Bayview Analytics', position: 'Senior Data Analyst', current: true, selfEmployed: false, verified: true }],
  payrollEmployers: [
    { employerName: 'Bayview Analytics Inc.', position: 'Senior Data Analyst', startDate: '2017-03-01', endDate: null, current: true, payFrequency: 'biweekly', monthlyBase: 17500, matched: true },
  ],
  documents: [],
});

function setup(initial: IncomeVerificationView, answers: Record<string, (input: unknown) => ReturnType<typeof ok>> = {}) {
  const calls: { proc: string; input: unknown }[] = [];
  const record = (proc: string, answer: (input: unknown) => ReturnType<typeof ok>) => (input: unknown) => {
    calls.push({ proc, input });
    return answer(input);
  };
  stubTRPC({
    'system.info': () => ok(sandboxSystemInfo),
    'funnel.pages': () =>
      ok({
        area: 'application',
        progress: null,
        pages: [],
        previous: { path: '/app/application/sign', label: 'Disclosures and signing', area: 'application', step: 'disclosures', section: null, order: null },
        next: { path: next, label: 'Identity verification', area: 'application', step: 'identityVerification', section: null, order: null },
      }),
    'application.get': () => ok({}),
    'verification.income': () => ok(initial),
    'verification.connectPayroll': record('connectPayroll', answers.connectPayroll ?? (() => ok(view(verified)))),
    'verification.incomeDocuments': record('incomeDocuments', answers.incomeDocuments ?? (() => ok(view(person({ method: 'documents', verifiedAt: '2026-11-22T15:00:00Z' }))))),
  });
  const rendered = renderRoutes(path, [
    { path, element: <IncomeVerificationPage /> },
    { path: next, element: <h1>Identity</h1> },
  ]);
  return { ...rendered, calls, user: userEvent.setup() };
}

describe('income verification', () => {
  it('connects the payroll (marked sandbox), shows the verified job and that no paystubs or W-2s are asked, then continues', async () => {
    const { user, calls, router } = setup(view());
    const you = await screen.findByRole('region', { name: 'You: Olivia Bennett' });
    const question = within(you).getByRole('radiogroup', { name: 'How would you like to verify your income?' });
    const payroll = within(question).getByRole('radio', { name: /Connect my payroll account/ });
    expect(payroll).toHaveAccessibleName(/Sandbox/);
    expect(within(question).getByRole('radio', { name: 'Upload pay documents' })).not.toBeChecked();

    // Continue before a choice: the person is named.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Before you continue, choose how you will verify income.');
    expect(currentUrl(router)).toBe(path);

    await user.click(payroll);
    await user.click(within(you).getByRole('button', { name: 'Connect payroll' }));
    expect(await within(you).findByText('Verified by payroll')).toBeVisible();
    expect(within(you).getByText(/Connected to Sandbox Payroll Network \(test data\) on November 22, 2026\./)).toBeVisible();
    expect(within(you).getByText('No income documents are needed.')).toBeVisible();
    expect(within(you).queryByText(paystubs.label)).toBeNull();
    expect(calls).toEqual([{ proc: 'connectPayroll', input: { party: 'borrower' } }]);

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(next));
  });

  it('shows the server’s message beside the question when no employer matches, and documents remain a choice', async () => {
    const message = 'The payroll network knows you at Bayview Analytics Inc., which is not an employer on your employment history (Initech).';
    const { user, calls } = setup(view(), {
      connectPayroll: () => trpcError('BAD_REQUEST', 400, message, [{ path: 'party', message }]),
    });
    const you = await screen.findByRole('region', { name: 'You: Olivia Bennett' });
    await user.click(within(you).getByRole('radio', { name: /Connect my payroll account/ }));
    await user.click(within(you).getByRole('button', { name: 'Connect payroll' }));
    const question = within(you).getByRole('radiogroup', { name: 'How would you like to verify your income?' });
    await waitFor(() => expect(question).toHaveAccessibleDescription(message));

    await user.click(within(you).getByRole('radio', { name: 'Upload pay documents' }));
    await user.click(within(you).getByRole('button', { name: 'Use pay documents' }));
    expect(await within(you).findByText('You will upload pay documents.')).toBeVisible();
    expect(within(you).getByText(paystubs.label)).toBeVisible();
    expect(within(you).getByText(w2.label)).toBeVisible();
    expect(calls.map((c) => c.proc)).toEqual(['connectPayroll', 'incomeDocuments']);
  });

  it('asks the coborrower too, by name, and continues only once both have chosen', async () => {
    const amara = person({ party: 'coborrower', name: 'Amara Okafor', jobs: [] });
    const { user, calls, router } = setup(view(verified, amara), {
      incomeDocuments: () => ok(view(verified, { ...amara, method: 'documents', verifiedAt: '2026-11-22T15:00:00Z' })),
    });
    const co = await screen.findByRole('region', { name: 'Your coborrower: Amara Okafor' });
    expect(screen.getByRole('region', { name: 'You: Olivia Bennett' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('choose how Amara Okafor will verify income');

    // No choice yet: the button asks for one beside the question.
    await user.click(within(co).getByRole('button', { name: 'Confirm my choice for Amara Okafor' }));
    expect(within(co).getByRole('radiogroup', { name: 'How would Amara Okafor like to verify their income?' })).toHaveAccessibleDescription(
      'Choose how Amara Okafor would like to verify their income.',
    );
    await user.click(within(co).getByRole('radio', { name: 'Upload pay documents' }));
    await user.click(within(co).getByRole('button', { name: 'Use pay documents for Amara Okafor' }));
    expect(await within(co).findByText('Amara Okafor will upload pay documents.')).toBeVisible();
    expect(calls).toEqual([{ proc: 'incomeDocuments', input: { party: 'coborrower' } }]);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(next));
  });
});
