import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { ok, renderAt, sandboxSystemInfo, stubTRPC, trpcError } from '@/testing/test-utils';

import type { PortalCreditView } from '../api/credit-get';
import { LoanDecisionTab } from './loan-decision-tab';

const loanId = 'a'.repeat(32);
const uw = { id: 'b'.repeat(32), firstName: 'Uma', lastName: 'Writer', email: 'uma@example.com', role: 'underwriter' };

const undecided: PortalCreditView = {
  decision: null,
  submitted: true,
  decideBy: null,
  actions: [
    { code: 'approve', label: 'Approved', description: 'Approve with final terms', needs: 'line', closes: false, reviewed: true },
    { code: 'counteroffer', label: 'Counteroffer', description: 'Counter with a lower line', needs: 'line', closes: false, reviewed: true },
    { code: 'decline', label: 'Declined', description: 'Decline', needs: 'reasons', closes: true, reviewed: true },
    { code: 'suspend', label: 'Suspended — information needed', description: 'Suspend for missing information', needs: 'neededBy', closes: false, reviewed: false },
    { code: 'withdraw', label: 'Withdrawn', description: 'Record the borrower’s withdrawal', needs: 'nothing', closes: true, reviewed: false },
  ],
  maxReasons: 4,
  reasons: [
    { code: 'C1_INCOMPLETE', words: 'Credit application incomplete' },
    { code: 'C1_COLLATERAL', words: 'Value or type of collateral not sufficient' },
  ],
  offer: { eligible: true, minLine: 25000, maxLine: 150000, requestedLine: 120000 },
};

const declined: PortalCreditView = {
  ...undecided,
  decision: {
    action: 'decline',
    label: 'Declined',
    closed: true,
    reviewed: true,
    lineAmount: null,
    neededBy: null,
    reasons: [{ code: 'C1_COLLATERAL', words: 'Value or type of collateral not sufficient' }],
    note: '',
    decidedBy: uw,
    decidedAt: '2026-11-28T15:04:00Z',
    notice: { reasons: ['Value or type of collateral not sufficient'], date: '2026-11-28' },
  },
};

describe('LoanDecisionTab', () => {
  it('once a decline has closed the application, says so and offers no other decision', async () => {
    stubTRPC({
      'system.info': () => ok(sandboxSystemInfo),
      'portal.credit': () => ok(declined),
    });
    renderAt('/portal/loan', <LoanDecisionTab loanId={loanId} canDecide />);
    expect(await screen.findByText('This application is closed: no other decision is recorded on it.')).toBeInTheDocument();
    expect(screen.getByText('Declined')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Record a decision' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Decision' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record decision' })).not.toBeInTheDocument();
  });

  it('asks for the line with the rules’ bounds, shows the server’s refusal at the line, then records the approval', async () => {
    const sent: unknown[] = [];
    let view = undecided;
    stubTRPC({
      'system.info': () => ok(sandboxSystemInfo),
      'portal.credit': () => ok(view),
      'portal.decide': (input) => {
        sent.push(input);
        if (sent.length === 1)
          return trpcError('BAD_REQUEST', 400, 'The rules allow at most $150,000 on this application’s figures.', [
            { path: 'line', message: 'The rules allow at most $150,000 on this application’s figures.' },
          ]);
        view = {
          ...undecided,
          decision: {
            action: 'approve',
            label: 'Approved',
            closed: false,
            reviewed: true,
            lineAmount: 100000,
            neededBy: null,
            reasons: [],
            note: '',
            decidedBy: uw,
            decidedAt: '2026-11-28T15:04:00Z',
            notice: null,
          },
        };
        return ok(view);
      },
    });
    const user = userEvent.setup();
    renderAt('/portal/loan', <LoanDecisionTab loanId={loanId} canDecide />);

    const decision = await screen.findByRole('radiogroup', { name: 'Decision' });
    expect(screen.queryByRole('textbox', { name: 'Approved line' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Approve with final terms' }));
    const line = screen.getByRole('textbox', { name: 'Approved line' });
    expect(line).toHaveAccessibleDescription(/The rules allow \$25,000 to \$150,000 on this application’s figures\. The borrower asked for \$120,000\./);

    await user.type(line, '175000');
    await user.click(screen.getByRole('button', { name: 'Record decision' }));
    expect(await screen.findByText('The rules allow at most $150,000 on this application’s figures.')).toBeInTheDocument();
    expect(line).toHaveAttribute('aria-invalid', 'true');

    await user.clear(line);
    await user.type(line, '100000');
    await user.click(screen.getByRole('button', { name: 'Record decision' }));
    expect(await screen.findByText('Decision recorded: Approved.')).toBeInTheDocument();
    expect(sent[1]).toMatchObject({ loanId, action: 'approve', line: 100000 });
    expect(await screen.findByText('Line: $100,000')).toBeInTheDocument();
    expect(decision).toBeInTheDocument();
  });

  it('asks a decline for its reasons and a suspension for its day and what is needed', async () => {
    stubTRPC({ 'system.info': () => ok(sandboxSystemInfo), 'portal.credit': () => ok(undecided) });
    const user = userEvent.setup();
    renderAt('/portal/loan', <LoanDecisionTab loanId={loanId} canDecide />);

    await user.click(await screen.findByRole('radio', { name: 'Decline' }));
    const reasons = screen.getByRole('group', { name: 'Principal reasons (at most 4)' });
    expect(reasons).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Value or type of collateral not sufficient' })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Suspend for missing information' }));
    expect(screen.queryByRole('group', { name: 'Principal reasons (at most 4)' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Record decision' }));
    expect(await screen.findByText('Enter the date the information is needed by.')).toBeInTheDocument();
    expect(screen.getByText('Say what information is needed: the borrower reads it.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Information needed' })).toHaveAccessibleDescription(/The borrower reads this/);
  });

  it('shows a user who may not decide the decision, and no form', async () => {
    stubTRPC({
      'system.info': () => ok(sandboxSystemInfo),
      'portal.credit': () => ok(declined),
    });
    renderAt('/portal/loan', <LoanDecisionTab loanId={loanId} canDecide={false} />);
    expect(await screen.findByText('Declined')).toBeInTheDocument();
    expect(screen.getByText('Value or type of collateral not sufficient')).toBeInTheDocument();
    expect(screen.getByText(/Adverse-action notice made on November 28, 2026, giving one reason/)).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Decision' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record decision' })).not.toBeInTheDocument();
  });
});
