import { screen, waitFor } from '@testing-library/react';

import { sessions } from '@/lib/auth/session-store';
import { authRefusal, currentUrl, ok, renderRoutes, sandboxSystemInfo, stubTRPC } from '@/testing/test-utils';

import { ApplicantLogin } from './applicant-login';
import { RequireSession } from './require-session';

const ana = { user: { id: 'u1', email: 'ana@example.com', name: 'Ana Diaz', firstName: 'Ana', lastName: 'Diaz' }, expires: 'x' };

function routes(realm: 'applicant' | 'portal') {
  return [
    {
      element: <RequireSession realm={realm} />,
      children: [
        { path: '/app/application/1', element: <h1>Personal info</h1> },
        { path: '/portal', element: <h1>Pipeline</h1> },
      ],
    },
    { path: '/app/login', element: <ApplicantLogin /> },
    { path: '/portal/login', element: <h1>Staff sign in</h1> },
    { path: '/error', element: <h1>Something went wrong</h1> },
  ];
}

const providers = { otp: { id: 'otp', name: 'E-mail code', type: 'email', signinUrl: '', callbackUrl: '' } };

describe('RequireSession', () => {
  beforeEach(() => {
    sessions.applicant.reset();
    sessions.portal.reset();
  });

  it('shows a loader, not the page, while the session loads', async () => {
    stubTRPC({}, { auth: { 'GET applicant/session': () => new Promise(() => {}) } });
    renderRoutes('/app/application/1', routes('applicant'));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the page');
    expect(screen.queryByRole('heading', { name: 'Personal info' })).not.toBeInTheDocument();
  });

  it('shows the page to a signed-in applicant', async () => {
    stubTRPC({}, { auth: { 'GET applicant/session': () => ({ body: ana }) } });
    renderRoutes('/app/application/1', routes('applicant'));
    expect(await screen.findByRole('heading', { name: 'Personal info' })).toBeInTheDocument();
  });

  it('sends a signed-out applicant to /app/login with error=SessionRequired and the way back, and says why', async () => {
    stubTRPC(
      { 'system.info': () => ok(sandboxSystemInfo) },
      { auth: { 'GET applicant/session': () => ({ body: {} }), 'GET applicant/providers': () => ({ body: providers }) } },
    );
    const { router } = renderRoutes('/app/application/1?tab=2', routes('applicant'));
    await waitFor(() =>
      expect(currentUrl(router)).toBe('/app/login?error=SessionRequired&callbackUrl=%2Fapp%2Fapplication%2F1%3Ftab%3D2'),
    );
    expect(await screen.findByText('Please sign in to see that page.')).toBeInTheDocument();
  });

  it('checks the portal session on portal pages, apart from the applicant’s', async () => {
    const { authCalls } = stubTRPC(
      {},
      { auth: { 'GET applicant/session': () => ({ body: ana }), 'GET portal/session': () => ({ body: {} }) } },
    );
    const { router } = renderRoutes('/portal', routes('portal'));
    await waitFor(() => expect(currentUrl(router)).toBe('/portal/login?error=SessionRequired&callbackUrl=%2Fportal'));
    expect(authCalls.map((c) => `${c.realm} ${c.path}`)).toEqual(['portal session']);
  });
});

describe('sign-in providers', () => {
  beforeEach(() => sessions.applicant.reset());

  it.each([
    ['a non-2xx answer', () => authRefusal('NO_SECRET', 500)],
    [
      'a network error',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('send the user to /error after %s (spec §8)', async (_, answer) => {
    stubTRPC(
      { 'system.info': () => ok(sandboxSystemInfo) },
      { auth: { 'GET applicant/session': () => ({ body: {} }), 'GET applicant/providers': answer } },
    );
    const { router } = renderRoutes('/app/login', routes('applicant'));
    await waitFor(() => expect(currentUrl(router)).toBe('/error'));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  });
});
