import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';

import { api } from '@/api/client';
import { theme } from '@/config/theme';
import { sessions } from '@/lib/auth/session-store';
import { createQueryClient } from '@/lib/react-query';
import { ok, sandboxSystemInfo, stubTRPC, trpcError } from '@/testing/test-utils';

import { AccountControl } from './account-control';
import { ApplicantLogin } from './applicant-login';
import { RequireApplicantSession } from './require-session';

const ana = { user: { id: 'u1', email: 'ana@example.com', name: 'Ana Diaz', firstName: 'Ana', lastName: 'Diaz' }, expires: 'x' };

/** Starts the page's late query (set while the page is on screen). */
let startLateQuery: () => void = () => {};

/** A query the page starts only when told: as a page whose code arrives while its user signs out. */
function LateQuery() {
  const [asked, setAsked] = useState(false);
  startLateQuery = () => setAsked(true);
  const late = useQuery({ queryKey: ['late'], queryFn: ({ signal }) => api.query('application.disclosures', undefined, { signal }), enabled: asked });
  return asked ? <p>{late.isPending ? 'Loading your disclosures' : 'Loaded'}</p> : null;
}

/** The app's shape: each page lazy, as the router loads them, the application's behind the session check. */
function app(path: string) {
  const later = <T,>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 30));
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <AccountControl place="task" />
            <Outlet />
          </>
        ),
        children: [
          { path: '/', lazy: () => later({ Component: () => <h1>Home</h1> }) },
          { path: '/app/login', lazy: () => later({ Component: ApplicantLogin }) },
          {
            lazy: () => later({ Component: RequireApplicantSession }),
            children: [
              {
                path: '/app/application/1',
                lazy: () =>
                  later({
                    Component: () => (
                      <>
                        <h1>Personal info</h1>
                        <LateQuery />
                      </>
                    ),
                  }),
              },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        {/* As react-router/dom's RouterProvider (the app's) does: navigate(..., { flushSync }) is honoured. */}
        <RouterProvider router={router} flushSync={(fn) => void flushSync(fn)} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

describe('signing out', () => {
  beforeEach(() => sessions.applicant.reset());

  it('from a page that needs a session says one thing: signed out, not also “please sign in”', async () => {
    stubTRPC(
      { 'system.info': () => ok(sandboxSystemInfo) },
      {
        auth: {
          'GET applicant/session': () => ({ body: ana }),
          'GET applicant/csrf': () => ({ body: { csrfToken: 'c' } }),
          'GET applicant/providers': () => ({ body: {} }),
          'POST applicant/signout': () => ({ body: { url: 'http://localhost/' } }),
        },
      },
    );
    const router = app('/app/application/1');
    expect(await screen.findByRole('heading', { name: 'Personal info' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('You are signed out.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    // Give a late redirect its chance to show.
    await new Promise((r) => setTimeout(r, 100));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByText(/Please sign in/)).not.toBeInTheDocument();

    // Coming back to a page that needs a session afterwards still asks to sign in.
    await router.navigate('/app/application/1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/login'));
    expect(router.state.location.search).toContain('error=SessionRequired');
    expect(await screen.findByText('Please sign in to see that page.')).toBeInTheDocument();
  });

  it('sends nothing a page asks for while its user signs out: the page is left, and its answer would be a 401', async () => {
    const { calls } = stubTRPC(
      { 'system.info': () => ok(sandboxSystemInfo), 'application.disclosures': () => trpcError('UNAUTHORIZED', 401, 'Please sign in.') },
      {
        auth: {
          'GET applicant/session': () => ({ body: ana }),
          'GET applicant/csrf': () => ({ body: { csrfToken: 'c' } }),
          'GET applicant/providers': () => ({ body: {} }),
          'POST applicant/signout': async () => {
            // The page starts a query while the server ends the session.
            act(() => startLateQuery());
            await new Promise((r) => setTimeout(r, 50));
            return { body: { url: 'http://localhost/' } };
          },
        },
      },
    );
    const router = app('/app/application/1');
    expect(await screen.findByRole('heading', { name: 'Personal info' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('You are signed out.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).not.toContain('application.disclosures');
  });

  it('a session that ends without a sign-out still sends the user to sign in, saying why', async () => {
    let session: unknown = ana;
    stubTRPC(
      { 'system.info': () => ok(sandboxSystemInfo) },
      { auth: { 'GET applicant/session': () => ({ body: session }), 'GET applicant/providers': () => ({ body: {} }) } },
    );
    const router = app('/app/application/1');
    expect(await screen.findByRole('heading', { name: 'Personal info' })).toBeInTheDocument();
    session = {};
    await sessions.applicant.refetch();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/login'));
    expect(await screen.findByText('Please sign in to see that page.')).toBeInTheDocument();
  });
});
