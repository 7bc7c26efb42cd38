import { act, screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';

import { notifications } from '@mantine/notifications';

import { markFreshArrival, markReturn } from '@/features/auth/lib/fresh-arrival';
import { usePrequalStore } from '@/features/prequal/stores/prequal-store';
import { sessions } from '@/lib/auth/session-store';
import { currentUrl, ok, renderRoutes, sandboxSystemInfo, stubTRPC, trpcError, useUnansweredQuery } from '@/testing/test-utils';

import { checksResume, useResumeRedirect } from './use-resume-redirect';

const ana = { user: { id: 'u1', email: 'ana@example.com', name: 'Ana Diaz', firstName: 'Ana', lastName: 'Diaz' }, expires: 'x' };

function Harness() {
  useResumeRedirect();
  return <Outlet />;
}

const pages = ['/', '/app/application/2', '/app/application/3', '/app/application/4', '/app/initial-setup/property-value', '/app/login', '/portal'];

function render(path: string) {
  return renderRoutes(path, [{ element: <Harness />, children: pages.map((p) => ({ path: p, element: <h1>{`Page ${p}`}</h1> })) }]);
}

type Decide = (input: { path: string; previousPath: string }) => { action: string; to: string | null };

function stub(decide: Decide, { session = ana as unknown, deleteSession = () => ok({ deleted: true }) } = {}) {
  const inputs: { path: string; previousPath: string }[] = [];
  const stubbed = stubTRPC(
    {
      'system.info': () => ok(sandboxSystemInfo),
      'routing.resume': (input) => {
        const i = input as { path: string; previousPath: string };
        inputs.push(i);
        return ok(decide(i));
      },
      'identity.deleteSession': deleteSession,
    },
    {
      auth: {
        'GET applicant/session': () => ({ body: session }),
        'GET applicant/csrf': () => ({ body: { csrfToken: 't' } }),
        'POST applicant/signout': () => ({ body: { url: 'http://localhost/' } }),
      },
    },
  );
  return { ...stubbed, inputs };
}

const none = () => ({ action: 'none', to: null });

describe('useResumeRedirect', () => {
  beforeEach(() => sessions.applicant.reset());

  it('asks routing.resume on arrival and replaces the page with the loan’s page', async () => {
    const { inputs } = stub(({ path }) => (path === '/app/application/3' ? { action: 'redirect', to: '/app/application/4' } : none()));
    const { router } = render('/app/application/3');
    await waitFor(() => expect(currentUrl(router)).toBe('/app/application/4'));
    expect(inputs[0]).toEqual({ path: '/app/application/3', previousPath: '' });
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(inputs[1]).toEqual({ path: '/app/application/4', previousPath: '/app/application/3' }));
  });

  it('sends the previous in-app path on every navigation', async () => {
    const { inputs } = stub(none);
    const { router } = render('/app/application/2');
    await waitFor(() => expect(inputs).toHaveLength(1));
    await act(() => router.navigate('/app/application/3'));
    await waitFor(() => expect(inputs).toHaveLength(2));
    expect(inputs[1]).toEqual({ path: '/app/application/3', previousPath: '/app/application/2' });
    expect(currentUrl(router)).toBe('/app/application/3');
  });

  it('treats the page after a sign-in without a callbackUrl as a fresh arrival', async () => {
    const { inputs } = stub(none);
    const { router } = render('/');
    await waitFor(() => expect(inputs).toHaveLength(1));
    markFreshArrival();
    await act(() => router.navigate('/app/initial-setup/property-value'));
    await waitFor(() => expect(inputs).toHaveLength(2));
    expect(inputs[1]).toEqual({ path: '/app/initial-setup/property-value', previousPath: '' });
  });

  it('welcomes a borrower who signed in again on the page the resume check leaves them on, by its title', async () => {
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => 'welcome-back');
    const { inputs } = stub(({ path }) => (path === '/app/initial-setup/property-value' ? { action: 'redirect', to: '/app/application/3' } : none()));
    const { router } = render('/');
    await waitFor(() => expect(inputs).toHaveLength(1));
    expect(show).not.toHaveBeenCalled();
    markFreshArrival();
    markReturn();
    await act(() => router.navigate('/app/initial-setup/property-value'));
    await waitFor(() => expect(currentUrl(router)).toBe('/app/application/3'));
    await waitFor(() => expect(show).toHaveBeenCalledTimes(1));
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Welcome back', message: 'You were at “Additional real estate”. Pick up where you left off.' }),
    );
    // Once: the next page is no return.
    await act(() => router.navigate('/app/application/4'));
    await waitFor(() => expect(inputs).toHaveLength(4));
    expect(show).toHaveBeenCalledTimes(1);
    show.mockRestore();
  });

  it('says nothing of a return after an ordinary navigation, nor after a sign-in that is no return', async () => {
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => 'welcome-back');
    const { inputs } = stub(none);
    const { router } = render('/');
    await waitFor(() => expect(inputs).toHaveLength(1));
    markFreshArrival();
    await act(() => router.navigate('/app/initial-setup/property-value'));
    await waitFor(() => expect(inputs).toHaveLength(2));
    expect(show).not.toHaveBeenCalled();
    show.mockRestore();
  });

  it('asks nothing for a signed-out visitor, nor on the portal and sign-in pages', async () => {
    const signedOut = stub(none, { session: {} });
    render('/app/application/3');
    await waitFor(() => expect(signedOut.authCalls.length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 20));
    expect(signedOut.calls).not.toContain('routing.resume');

    expect(checksResume('/portal')).toBe(false);
    expect(checksResume('/portal/manage-users')).toBe(false);
    expect(checksResume('/app/login')).toBe(false);
    expect(checksResume('/error')).toBe(false);
    expect(checksResume('/no-such-page')).toBe(false);
    expect(checksResume('/app/application/3')).toBe(true);
    expect(checksResume('/')).toBe(true);
    // The /prequal path's way in leads on at once: the page it leads to is asked.
    expect(checksResume('/prequal')).toBe(false);
    expect(checksResume('/prequal/address')).toBe(true);
  });

  it('signs out automatically: prequal store reset, server session deleted, signed out, sent home', async () => {
    usePrequalStore.getState().update({ email: 'ana@example.com', firstName: 'Ana' });
    const { calls, authCalls } = stub(({ path }) => (path === '/app/application/3' ? { action: 'signOut', to: '/' } : none()));
    const { router } = render('/app/application/3');
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    expect(usePrequalStore.getState().email).toBeNull();
    expect(usePrequalStore.getState().firstName).toBeNull();
    expect(calls).toContain('identity.deleteSession');
    const signout = authCalls.find((c) => c.path === 'signout')!;
    expect(signout.method).toBe('POST');
    expect(signout.form?.get('callbackUrl')).toBe('/');
    await waitFor(() => expect(sessions.applicant.store.getState().status).toBe('unauthenticated'));
  });

  it('abandons what the page is still fetching before the session is deleted, and fetches nothing again without it', async () => {
    const events: string[] = [];
    stub(() => ({ action: 'signOut', to: '/' }), {
      deleteSession: () => {
        events.push('session deleted');
        return ok({ deleted: true });
      },
    });
    function Fetching() {
      useUnansweredQuery(() => events.push('fetch abandoned'));
      return <h1>Fetching</h1>;
    }
    const { router } = renderRoutes('/app/application/3', [
      { element: <Harness />, children: [{ path: '/app/application/3', element: <Fetching /> }, { path: '/', element: <h1>Home</h1> }] },
    ]);
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    expect(events).toEqual(['fetch abandoned', 'session deleted']);
  });

  it('only logs a failed automatic sign-out: no toast, no alert', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { authCalls } = stub(() => ({ action: 'signOut', to: '/' }), {
      deleteSession: () => trpcError('INTERNAL_SERVER_ERROR', 500, 'Internal error.'),
    });
    const { router } = render('/app/application/3');
    await waitFor(() => expect(error).toHaveBeenCalledWith('The automatic sign-out failed.', expect.anything()));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
    expect(authCalls.some((c) => c.path === 'signout')).toBe(false);
    expect(currentUrl(router)).toBe('/app/application/3');
  });
});
