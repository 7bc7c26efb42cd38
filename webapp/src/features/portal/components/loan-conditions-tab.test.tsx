import { screen } from '@testing-library/react';

import { ok, renderAt, sandboxSystemInfo, stubTRPC } from '@/testing/test-utils';

import type { PortalConditionsView } from '../api/conditions-list';
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
});
