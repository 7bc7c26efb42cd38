import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { AccountControlProvider, type AccountControlProps } from '@/components/layouts/account-slot';
import { SiteHeader } from '@/components/layouts/site-header';
import { sessions } from '@/lib/auth/session-store';
import { currentUrl, ok, renderRoutes, sandboxSystemInfo, stubTRPC, useUnansweredQuery } from '@/testing/test-utils';

import { AccountControl, roleLabel } from './account-control';

const ana = { user: { id: 'u1', email: 'ana@example.com', name: 'Ana Diaz', firstName: 'Ana', lastName: 'Diaz' }, expires: 'x' };
const ada = { user: { id: 's1', email: 'ada@example.com', name: 'Ada Admin', firstName: 'Ada', lastName: 'Admin', role: 'loanOfficer' }, expires: 'x' };

function renderHeader(path: string, session: unknown, onSignedOut = vi.fn()) {
  const stubbed = stubTRPC(
    { 'system.info': () => ok(sandboxSystemInfo) },
    {
      auth: {
        'GET applicant/session': () => ({ body: session }),
        'GET portal/session': () => ({ body: session }),
        'GET applicant/csrf': () => ({ body: { csrfToken: 'c' } }),
        'POST applicant/signout': () => ({ body: { url: 'http://localhost/' } }),
      },
    },
  );
  const Control = (props: AccountControlProps) => <AccountControl {...props} onSignedOut={onSignedOut} />;
  const header = (
    <AccountControlProvider value={Control}>
      <SiteHeader />
      <AccountControl place="portal" />
    </AccountControlProvider>
  );
  const view = renderRoutes(path, [
    { path: '/app/application/1', element: header },
    { path: '/', element: <h1>Home</h1> },
  ]);
  return { ...stubbed, ...view, onSignedOut };
}

describe('AccountControl', () => {
  beforeEach(() => {
    sessions.applicant.reset();
    sessions.portal.reset();
  });

  it('offers Sign in to a visitor', async () => {
    renderHeader('/app/application/1', {});
    await waitFor(() => expect(sessions.applicant.store.getState().status).toBe('unauthenticated'));
    expect(screen.getAllByRole('link', { name: 'Sign in' })[0]).toHaveAttribute('href', '/app/login');
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('lets a signed-in applicant sign out from the site header, and goes home', async () => {
    const user = userEvent.setup();
    const { authCalls, router, onSignedOut } = renderHeader('/app/application/1', ana);
    const [signOut] = await screen.findAllByRole('button', { name: 'Sign out' });
    await user.click(signOut!);
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    expect(authCalls.find((c) => c.path === 'signout')?.method).toBe('POST');
    expect(onSignedOut).toHaveBeenCalled();
    expect(sessions.applicant.store.getState().status).toBe('unauthenticated');
    expect(await screen.findByText('You are signed out.')).toBeInTheDocument();
  });

  it('abandons what the page is still fetching before the session ends, so nothing is answered 401 on the way out', async () => {
    const user = userEvent.setup();
    const events: string[] = [];
    stubTRPC(
      { 'system.info': () => ok(sandboxSystemInfo) },
      {
        auth: {
          'GET applicant/session': () => ({ body: ana }),
          'GET applicant/csrf': () => ({ body: { csrfToken: 'c' } }),
          'POST applicant/signout': () => {
            events.push('signed out');
            return { body: { url: 'http://localhost/' } };
          },
        },
      },
    );
    function Fetching() {
      useUnansweredQuery(() => events.push('fetch abandoned'));
      return <AccountControl place="task" />;
    }
    const { router } = renderRoutes('/app/application/1', [
      { path: '/app/application/1', element: <Fetching /> },
      { path: '/', element: <h1>Home</h1> },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    expect(events).toEqual(['fetch abandoned', 'signed out']);
  });

  it('shows the portal user’s name and role', async () => {
    renderHeader('/app/application/1', ada);
    expect(await screen.findByText('Ada Admin')).toBeInTheDocument();
    expect(screen.getByText('Loan officer')).toBeInTheDocument();
    expect(roleLabel('admin')).toBe('Admin');
    expect(roleLabel('loan_processor')).toBe('Loan processor');
  });
});
