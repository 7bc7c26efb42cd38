import { screen } from '@testing-library/react';

import { ok, renderAt, sandboxSystemInfo, stubTRPC } from '@/testing/test-utils';

import type { PortalCondition, PortalConditionsView } from '../api/conditions-list';
import { LoanConditionsTab } from './loan-conditions-tab';

const loanId = 'a'.repeat(32);

const view = (closed: boolean): PortalConditionsView => ({
  loanId,
  canManage: true,
  hasCoborrower: false,
  closed,
  conditions: [],
  catalog: [{ code: '104', kind: 'text', label: 'Letter of explanation for the name variations and aliases shown on the credit report', documentType: null, count: 0 }],
});

function show(v: PortalConditionsView) {
  stubTRPC({ 'system.info': () => ok(sandboxSystemInfo), 'portal.conditions': () => ok(v) });
  renderAt('/portal/loan', <LoanConditionsTab loanId={loanId} />);
}

describe('LoanConditionsTab', () => {
  it('offers to add a condition to an open application', async () => {
    show(view(false));
    expect(await screen.findByRole('form', { name: 'Add a condition' })).toBeInTheDocument();
    expect(screen.queryByText(/This application is closed/)).not.toBeInTheDocument();
  });

  it('says a closed application (declined or withdrawn) takes no condition, and offers none', async () => {
    show(view(true));
    expect(await screen.findByText('This application is closed: no condition is added to it.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a condition' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Outstanding conditions (0)' })).toBeInTheDocument();
  });

  it('sends no e-mail request again on a closed application, and still lets an open one be cleared', async () => {
    const mailed: PortalCondition = {
      id: 'c'.repeat(32),
      code: '106',
      kind: 'email',
      label: 'Complete identity verification through the secure link sent to each borrower’s e-mail',
      documentType: null,
      documentCount: 0,
      party: 'borrower',
      note: '',
      status: 'open',
      addedBy: { id: 'u'.repeat(32), firstName: 'Una', lastName: 'Underwriter', email: 'una@example.com', role: 'underwriter' },
      addedAt: '2026-11-29T10:00:00Z',
      answer: null,
      answeredAt: null,
      mailSentAt: '2026-11-29T10:00:00Z',
      resolvedBy: null,
      resolvedAt: null,
      resolutionNote: '',
      documents: [],
    };
    show({ ...view(false), conditions: [mailed] });
    expect(await screen.findByRole('button', { name: 'Send the e-mail again' })).toBeInTheDocument();
    document.body.innerHTML = '';
    show({ ...view(true), conditions: [mailed] });
    expect(await screen.findByRole('button', { name: 'Clear condition' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the e-mail again' })).not.toBeInTheDocument();
  });
});
