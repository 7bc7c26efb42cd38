import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { sessions } from '@/lib/auth/session-store';
import { authRefusal, currentUrl, ok, renderRoutes, sandboxSystemInfo, stubTRPC, type AuthRequest } from '@/testing/test-utils';

import { PortalLogin } from './portal-login';

const ada = { user: { id: 's1', email: 'ada@example.com', name: 'Ada Admin', firstName: 'Ada', lastName: 'Admin', role: 'admin' }, expires: 'x' };

/** callback/credentials as the README states it: password first, then the authenticator code or a recovery code. */
function credentials(req: AuthRequest) {
  const f = req.form!;
  if (f.get('email') !== 'ada@example.com' || f.get('password') !== 'correct-horse-battery') return authRefusal('CredentialsSignin', 401);
  const code = f.get('otpCode');
  if (!code) return authRefusal('SecondFactorRequired', 401);
  if (code !== '654321' && code !== 'abcde-12345') return authRefusal('CredentialsSignin', 401);
  return { body: { url: `http://localhost${f.get('callbackUrl')}` } };
}

function setup(path = '/portal/login') {
  let signedIn = false;
  const stubbed = stubTRPC(
    { 'system.info': () => ok(sandboxSystemInfo) },
    {
      auth: {
        'GET portal/session': () => ({ body: signedIn ? ada : {} }),
        'GET portal/csrf': () => ({ body: { csrfToken: 'c' } }),
        'GET portal/providers': () => ({ body: { credentials: { id: 'credentials', name: 'Password', type: 'credentials', signinUrl: '', callbackUrl: '' } } }),
        'POST portal/callback/credentials': (req) => {
          const answer = credentials(req);
          if (!answer.status) signedIn = true;
          return answer;
        },
      },
    },
  );
  const view = renderRoutes(path, [
    { path: '/portal/login', element: <PortalLogin /> },
    { path: '*', element: <h1>Landed</h1> },
  ]);
  return { ...stubbed, ...view, user: userEvent.setup() };
}

async function passwordStep(user: ReturnType<typeof userEvent.setup>, password = 'correct-horse-battery') {
  await user.type(await screen.findByLabelText(/E-mail address/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('PortalLogin', () => {
  beforeEach(() => sessions.portal.reset());

  it('asks staff for a password of at least 8 characters', async () => {
    const { user } = setup();
    await passwordStep(user, 'short');
    expect(await screen.findByText('Your password has at least 8 characters.')).toBeInTheDocument();
  });

  it('says so when the password is wrong', async () => {
    const { user } = setup();
    await passwordStep(user, 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('That e-mail address and password do not match.');
  });

  it('asks for the authenticator code after SecondFactorRequired, sending e-mail, password and code', async () => {
    const { user, authCalls, router } = setup('/portal/login?callbackUrl=%2Fportal%2Fmanage-users');
    await passwordStep(user);
    const code = await screen.findByLabelText(/Authenticator code/);
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(/That code is not right\./));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveValue('');
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/portal/manage-users'));
    const last = authCalls.filter((c) => c.path === 'callback/credentials').at(-1)!;
    expect(Object.fromEntries(last.form!)).toMatchObject({
      email: 'ada@example.com',
      password: 'correct-horse-battery',
      otpCode: '654321',
      json: 'true',
      csrfToken: 'c',
    });
    expect(sessions.portal.store.getState().data?.user.role).toBe('admin');
  });

  it('accepts a recovery code instead, and goes to /portal', async () => {
    const { user, router } = setup();
    await passwordStep(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    const recovery = await screen.findByLabelText(/Recovery code/);
    await user.type(recovery, 'abcde');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app, or a recovery code like abcde-12345.'),
    ).toBeInTheDocument();
    await user.clear(recovery);
    // Typed as it was printed, in capitals: the form sends it lowercase.
    await user.type(recovery, 'ABCDE-12345');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/portal'));
  });
});
