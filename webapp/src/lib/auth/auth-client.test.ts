import { AuthClientError, createAuthClient } from './auth-client';

type Call = { url: string; init: RequestInit };

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A client whose fetch answers from the queue, csrf always with a numbered token. */
function setup(...responses: (Response | Error)[]) {
  const calls: Call[] = [];
  let tokens = 0;
  const fetch = vi.fn(async (url: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(url), init });
    if (String(url).endsWith('/csrf')) return json({ csrfToken: `token-${++tokens}` });
    const next = responses.shift();
    if (!next) throw new Error('no response left');
    if (next instanceof Error) throw next;
    return next;
  });
  const getBotCheckToken = vi.fn(async (action: string) => `sandbox.${action}`);
  const client = createAuthClient('/api/authApplicant', { fetch: fetch as typeof globalThis.fetch, getBotCheckToken });
  const posts = () => calls.filter((c) => c.init.method === 'POST');
  return { client, calls, posts, getBotCheckToken };
}

const header = (call: Call | undefined, name: string) => new Headers(call?.init.headers).get(name);
const form = (call: Call | undefined) => new URLSearchParams(String(call?.init.body));

describe('auth client', () => {
  it('reads GET session: {} is signed out, a user is a session', async () => {
    const { client, calls } = setup(
      json({}),
      json({ user: { id: 'u1', email: 'ana@example.com', name: 'Ana Diaz', firstName: 'Ana', lastName: 'Diaz' }, expires: '2026-12-01T00:00:00Z' }),
    );
    expect(await client.getSession()).toBeNull();
    expect(await client.getSession()).toMatchObject({ user: { email: 'ana@example.com' } });
    expect(calls[0]!.url).toBe('/api/authApplicant/session');
    expect(calls[0]!.init.method).toBe('GET');
    expect(header(calls[0], 'X-Same-Origin')).toBe('1');
    expect(calls[0]!.init.credentials).toBe('same-origin');
  });

  it('posts signIn form-encoded with csrfToken, callbackUrl, json=true and the fields, and the guards’ headers', async () => {
    const { client, posts, getBotCheckToken } = setup(json({ url: 'http://localhost/app/login?step=code' }));
    const res = await client.signIn('otp', { email: 'ana@example.com' }, { action: 'signin', callbackUrl: '/app/application/1' });
    expect(res).toEqual({ error: null, status: 200, ok: true, url: 'http://localhost/app/login?step=code' });

    const post = posts()[0]!;
    expect(post.url).toBe('/api/authApplicant/signin/otp');
    expect(header(post, 'Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(header(post, 'X-Same-Origin')).toBe('1');
    expect(header(post, 'X-Recaptcha-Token')).toBe('sandbox.api_update');
    expect(getBotCheckToken).toHaveBeenCalledWith('api_update');
    expect([...form(post).entries()]).toEqual([
      ['csrfToken', 'token-1'],
      ['callbackUrl', '/app/application/1'],
      ['json', 'true'],
      ['email', 'ana@example.com'],
    ]);
  });

  it('completes a sign-in at callback/{provider} by default', async () => {
    const { client, posts } = setup(json({ url: 'http://localhost/app/application/1' }));
    await client.signIn('otp', { email: 'ana@example.com', otpCode: '123456' }, { callbackUrl: '/app/application/1' });
    expect(posts()[0]!.url).toBe('/api/authApplicant/callback/otp');
    expect(form(posts()[0]).get('otpCode')).toBe('123456');
  });

  it('answers a 401 as a SignInResponse with the error and no url', async () => {
    const { client } = setup(
      json({ error: 'CredentialsSignin', status: 401, ok: false, url: 'http://localhost/app/login?error=CredentialsSignin', message: 'x' }, 401),
    );
    const res = await client.signIn('otp', { email: 'ana@example.com', otpCode: '000000' });
    expect(res).toEqual({ error: 'CredentialsSignin', status: 401, ok: false, url: null });
  });

  it('answers a 429 as TooManyRequests', async () => {
    const { client } = setup(json({ error: 'TooManyRequests', status: 429, ok: false, url: null }, 429));
    expect(await client.signIn('otp', { email: 'ana@example.com' }, { action: 'signin' })).toMatchObject({
      error: 'TooManyRequests',
      status: 429,
      ok: false,
    });
  });

  it('reads the error from the url when only the url carries it, as NextAuth does', async () => {
    const { client } = setup(json({ url: 'http://localhost/portal/login?error=SecondFactorRequired' }, 401));
    expect(await client.signIn('credentials', { email: 'a@example.com', password: 'secret-123' })).toMatchObject({
      error: 'SecondFactorRequired',
      ok: false,
    });
  });

  it('keeps the fields a CALLBACK_CREDENTIALS_HANDLER_ERROR names', async () => {
    const { client } = setup(
      json({ error: 'CALLBACK_CREDENTIALS_HANDLER_ERROR', status: 400, ok: false, url: null, fields: [{ path: 'email', message: 'Enter an e-mail address.' }] }, 400),
    );
    const res = await client.signIn('otp', { email: 'x' }, { action: 'signin' });
    expect(res.fields).toEqual([{ path: 'email', message: 'Enter an e-mail address.' }]);
  });

  it('retries once with a fresh CSRF token after MissingCSRF', async () => {
    const { client, posts, calls } = setup(
      json({ error: 'MissingCSRF', status: 403, ok: false, url: null }, 403),
      json({ url: 'http://localhost/app/login?step=code' }),
    );
    const res = await client.signIn('otp', { email: 'ana@example.com' }, { action: 'signin' });
    expect(res.ok).toBe(true);
    expect(posts().map((p) => form(p).get('csrfToken'))).toEqual(['token-1', 'token-2']);
    expect(calls.filter((c) => c.url.endsWith('/csrf'))).toHaveLength(2);
  });

  it('gives up after the second MissingCSRF', async () => {
    const refused = () => json({ error: 'MissingCSRF', status: 403, ok: false, url: null }, 403);
    const { client, posts } = setup(refused(), refused());
    expect(await client.signIn('otp', { email: 'a@example.com' }, { action: 'signin' })).toMatchObject({ error: 'MissingCSRF', status: 403 });
    expect(posts()).toHaveLength(2);
  });

  it('reuses the CSRF token between calls', async () => {
    const { client, calls } = setup(json({ url: 'http://localhost/a' }), json({ url: 'http://localhost/b' }));
    await client.signIn('otp', { email: 'a@example.com' }, { action: 'signin' });
    await client.signIn('otp', { email: 'a@example.com' }, { action: 'signin' });
    expect(calls.filter((c) => c.url.endsWith('/csrf'))).toHaveLength(1);
  });

  it('answers a network failure as NetworkError with status 0', async () => {
    const { client } = setup(new TypeError('Failed to fetch'));
    expect(await client.signIn('otp', { email: 'a@example.com' }, { action: 'signin' })).toEqual({
      error: 'NetworkError',
      status: 0,
      ok: false,
      url: null,
    });
  });

  it('throws on providers that cannot be fetched: a network error or a non-2xx answer', async () => {
    const { client } = setup(new TypeError('Failed to fetch'), json({ error: 'NO_SECRET' }, 500), json({ otp: { id: 'otp', name: 'E-mail code', type: 'email', signinUrl: '', callbackUrl: '' } }));
    await expect(client.getProviders()).rejects.toMatchObject({ code: 'NetworkError', status: 0 });
    await expect(client.getProviders()).rejects.toBeInstanceOf(AuthClientError);
    expect(Object.keys(await client.getProviders())).toEqual(['otp']);
  });

  it('signs out with the CSRF token and the callbackUrl', async () => {
    const { client, posts } = setup(json({ url: 'http://localhost/' }));
    expect(await client.signOut({ callbackUrl: '/' })).toEqual({ url: 'http://localhost/' });
    expect(posts()[0]!.url).toBe('/api/authApplicant/signout');
    expect(form(posts()[0]).get('callbackUrl')).toBe('/');
    expect(form(posts()[0]).get('csrfToken')).toBe('token-1');
    expect(header(posts()[0], 'X-Recaptcha-Token')).toBe('sandbox.api_update');
  });

  it('updates the session with a JSON {csrfToken, data}', async () => {
    const session = { user: { id: 'u1', email: 'a@example.com', name: 'Ana B', firstName: 'Ana', lastName: 'B' }, expires: 'x' };
    const { client, posts } = setup(json(session));
    expect(await client.update({ lastName: 'B' })).toEqual(session);
    expect(header(posts()[0], 'Content-Type')).toBe('application/json');
    expect(JSON.parse(String(posts()[0]!.init.body))).toEqual({ csrfToken: 'token-1', data: { lastName: 'B' } });
  });

  it('throws SessionRequired when an update has no session', async () => {
    const { client } = setup(json({ error: 'SessionRequired', status: 401, ok: false, url: null }, 401));
    await expect(client.update({ firstName: 'A' })).rejects.toMatchObject({ code: 'SessionRequired', status: 401 });
  });

  it('logs only a level and a code, without a CSRF token, and never throws', async () => {
    const { client, posts, calls } = setup(json({}), new TypeError('offline'));
    await client.log('error', 'NO_SECRET');
    expect(posts()[0]!.url).toBe('/api/authApplicant/_log');
    expect([...form(posts()[0]).entries()]).toEqual([
      ['level', 'error'],
      ['code', 'NO_SECRET'],
    ]);
    expect(header(posts()[0], 'X-Recaptcha-Token')).toBe('sandbox.api_update');
    expect(calls.some((c) => c.url.endsWith('/csrf'))).toBe(false);
    await expect(client.log('warn', 'ana@example.com failed')).resolves.toBeUndefined();
    expect(form(posts()[1]).get('code')).toBe('UNKNOWN');
  });
});
