import { screen, waitFor, within } from '@testing-library/react';

import { sessions } from '@/lib/auth/session-store';
import { ok, renderRoutes, sandboxSystemInfo, stubTRPC } from '@/testing/test-utils';

import { PortalLayout } from './portal-layout';

const staff = (role: string, actions: string[]) => ({
  user: { id: 's1', email: 'pat@example.com', name: 'Pat Partner', firstName: 'Pat', lastName: 'Partner', role, actions },
  expires: 'x',
});

function show(session: unknown) {
  stubTRPC({ 'system.info': () => ok(sandboxSystemInfo) }, { auth: { 'GET portal/session': () => ({ body: session }) } });
  renderRoutes('/portal', [{ element: <PortalLayout />, children: [{ path: '/portal', element: <h1>Pipeline</h1> }] }]);
}

async function offered(): Promise<string[]> {
  const nav = screen.getByRole('navigation', { name: 'Portal' });
  await waitFor(() => expect(within(nav).queryAllByRole('link').length).toBeGreaterThan(0));
  return within(nav)
    .getAllByRole('link')
    .map((l) => l.textContent ?? '');
}

describe('the portal’s navigation', () => {
  beforeEach(() => sessions.portal.reset());

  it('offers only the pages the user’s role opens', async () => {
    show(staff('partner', ['pipeline.view', 'loans.read', 'documents.read']));
    expect(await offered()).toEqual(['Pipeline']);
  });

  it('offers an administrator every page', async () => {
    show(staff('administrator', ['audit.read', 'pipeline.view', 'policy.read', 'users.manage', 'users.read']));
    expect(await offered()).toEqual(['Pipeline', 'Manage users', 'Audit log', 'Policy revisions']);
  });
});
