import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { sessions } from '@/lib/auth/session-store';
import { authRefusal, currentUrl, ok, renderRoutes, sandboxSystemInfo, stubTRPC, type AuthHandler } from '@/testing/test-utils';

import { takeFreshArrival, takeReturn } from '../lib/fresh-arrival';
import { ApplicantLogin } from './applicant-login';

const ana = { user: { id: 'u1', email: 'ana@example.com', name: 'Ana Diaz', firstName: 'Ana', lastName: 'Diaz' }, expires: 'x' };
const provider = (id: string) => ({ id, name: id, type: id === 'otp' ? 'email' : 'credentials', signinUrl: '', callbackUrl: '' });

function setup(path: string, auth: Record<string, AuthHandler> = {}, { sandbox = true, procedures = {} as Parameters<typeof stubTRPC>[0] } = {}) {
  let signedIn = false;
  const stubbed = stubTRPC(
    { 'system.info': () => ok({ ...sandboxSystemInfo, sandbox }), ...procedures },
    {
      auth: {
        'GET applicant/session': () => ({ body: signedIn ? ana : {} }),
        'GET applicant/csrf': () => ({ body: { csrfToken: 'csrf-1' } }),
        'GET applicant/providers': () => ({ body: { otp: provider('otp'), password: provider('password') } }),
        'POST applicant/signin/otp': () => ({ body: { url: 'http://localhost/app/login?step=code' } }),
        'POST applicant/callback/otp': (req) => {
          if (req.form?.get('otpCode') !== '123456') return authRefusal('CredentialsSignin', 401);
          signedIn = true;
          return { body: { url: `http://localhost${req.form.get('callbackUrl')}` } };
        },
        ...auth,
      },
    },
  );
  const view = renderRoutes(path, [
    { path: '/app/login', element: <ApplicantLogin /> },
    { path: '*', element: <h1>Landed</h1> },
  ]);
  return { ...stubbed, ...view, user: userEvent.setup() };
}

describe('ApplicantLogin', () => {
  beforeEach(() => {
    sessions.applicant.reset();
    takeFreshArrival();
    takeReturn();
  });

  it('shows a message beside the e-mail field when it is not an address', async () => {
    const { user, authCalls } = setup('/app/login');
    const email = await screen.findByLabelText(/E-mail address/);
    expect(email).toHaveAttribute('autocomplete', 'email');
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter an e-mail address like name@example.com.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(authCalls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends the code, moves focus to the code field, and signs in back to the callbackUrl', async () => {
    const { user, authCalls, router } = setup('/app/login?error=SessionRequired&callbackUrl=%2Fapp%2Fapplication%2F3');
    expect(await screen.findByText('Please sign in to see that page.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/E-mail address/), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const code = await screen.findByLabelText(/6-digit code/);
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    const signin = authCalls.find((c) => c.path === 'signin/otp')!;
    expect(signin.form?.get('email')).toBe('ana@example.com');
    expect(signin.form?.get('callbackUrl')).toBe('/app/application/3');

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/app/application/3'));
    expect(sessions.applicant.store.getState().status).toBe('authenticated');
    expect(takeFreshArrival()).toBe(false);
  });

  it('without a callbackUrl, goes to the start of the flow as a fresh arrival for the resume rule', async () => {
    const { user, router } = setup('/app/login');
    await user.type(await screen.findByLabelText(/E-mail address/), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText(/6-digit code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/app/initial-setup/property-value'));
    expect(takeFreshArrival()).toBe(true);
    // Signing in again: the page the borrower is placed on welcomes them back.
    expect(takeReturn()).toBe(true);
  });

  it('takes a borrower further on straight to the page the resume rule gives, never showing the first question', async () => {
    const asked: unknown[] = [];
    const { user, router } = setup('/app/login', {}, {
      procedures: {
        'routing.resume': (input) => {
          asked.push(input);
          return ok({ action: 'redirect', to: '/app/application/2' });
        },
      },
    });
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));
    await user.type(await screen.findByLabelText(/E-mail address/), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText(/6-digit code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/app/application/2'));
    expect(visited).not.toContain('/app/initial-setup/property-value');
    expect(asked).toEqual([{ path: '/app/initial-setup/property-value', previousPath: '' }]);
    expect(takeFreshArrival()).toBe(true);
    expect(takeReturn()).toBe(true);
  });

  it('ignores a callbackUrl to another site', async () => {
    const { user, router } = setup('/app/login?callbackUrl=https%3A%2F%2Fevil.example%2F');
    await user.type(await screen.findByLabelText(/E-mail address/), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText(/6-digit code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/app/initial-setup/property-value'));
  });

  it('says when the code is wrong at the code field, and clears it', async () => {
    const { user } = setup('/app/login');
    await user.type(await screen.findByLabelText(/E-mail address/), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const code = await screen.findByLabelText(/6-digit code/);
    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter the 6-digit code.')).toBeInTheDocument();
    await user.type(code, '9');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(/That code is not right or has expired\./));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveValue('');
    await waitFor(() => expect(code).toHaveFocus());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says to wait after too many tries', async () => {
    const { user } = setup('/app/login', { 'POST applicant/signin/otp': () => authRefusal('TooManyRequests', 429) });
    await user.type(await screen.findByLabelText(/E-mail address/), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many tries. Wait a few minutes and try again.');
  });

  it('sends a new code on request and says so', async () => {
    const { user, authCalls } = setup('/app/login');
    await user.type(await screen.findByLabelText(/E-mail address/), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText(/We sent a new code to ana@example.com/)).toBeInTheDocument();
    expect(authCalls.filter((c) => c.path === 'signin/otp')).toHaveLength(2);
  });

  it('offers a password instead, sent to callback/password', async () => {
    const { user, authCalls, router } = setup('/app/login', {
      'POST applicant/callback/password': (req) =>
        req.form?.get('password') === 'correct-horse' ? { body: { url: 'http://localhost/x' } } : authRefusal('CredentialsSignin', 401),
    });
    await user.type(await screen.findByLabelText(/E-mail address/), 'ana@example.com');
    await user.click(await screen.findByRole('button', { name: 'Use a password instead' }));
    expect(await screen.findByRole('heading', { name: 'Sign in with your password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Password/), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That e-mail address and password do not match.');
    await user.type(screen.getByLabelText(/^Password/), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/app/initial-setup/property-value'));
    const post = authCalls.filter((c) => c.path === 'callback/password').at(-1)!;
    expect(post.form?.get('email')).toBe('ana@example.com');
  });

  it('points to the development outbox in sandbox mode only', async () => {
    setup('/app/login');
    const link = await screen.findByRole('link', { name: 'development outbox' });
    expect(link).toHaveAttribute('href', '/dev/outbox');
    expect(screen.getByText(/sign-in codes are delivered to the/)).toBeInTheDocument();
  });

  it('has no outbox note outside sandbox mode', async () => {
    setup('/app/login', {}, { sandbox: false });
    await screen.findByLabelText(/E-mail address/);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('link', { name: 'development outbox' })).not.toBeInTheDocument();
  });

  it('switches to creating an account, keeping the callbackUrl', async () => {
    const { user, router } = setup('/app/login?callbackUrl=%2Fapp%2Fupload');
    await user.click(await screen.findByRole('link', { name: 'Create an account' }));
    expect(currentUrl(router)).toBe('/app/login?mode=create&callbackUrl=%2Fapp%2Fupload');
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
  });
});
