// A small client for the two sign-in APIs (README "Sign-in and sessions"):
// applicants under /api/authApplicant, portal users under /api/authPortal.
// They speak NextAuth v4's REST shape, so this follows next-auth/react:
// getSession, getCsrfToken, getProviders, signIn, signOut, update and the
// _log call, with the headers every call of this server needs.

import type { FieldError } from '@/api/trpc-client';
import { BOT_CHECK_ACTION } from '@/api/trpc-client';

export type AuthRealm = 'applicant' | 'portal';

/** The signed-in user as GET session states it (applicants add phone, portal users role). */
export type SessionUser = {
  id: string;
  email: string;
  name: string;
  firstName: string;
  lastName: string;
  phone?: string | null;
  role?: string;
  /** A portal user's: the actions their role grants (the access policy's), which decide the pages the portal offers. */
  actions?: string[];
};

export type Session = { user: SessionUser; expires: string };

/** What POST session may change (README: each optional). */
export type SessionUpdate = { firstName?: string; lastName?: string; phone?: string };

export type AuthProvider = { id: string; name: string; type: string; signinUrl: string; callbackUrl: string };
export type AuthProviders = Record<string, AuthProvider>;

/** next-auth/react's SignInResponse, plus what this server adds to a refusal. */
export type SignInResponse = {
  /** The error code (CredentialsSignin, TooManyRequests, ...), or null on success. */
  error: string | null;
  /** HTTP status; 0 when the server was not reached. */
  status: number;
  ok: boolean;
  /** Where the server says to go next (absolute), or null on an error. */
  url: string | null;
  /** The field a CALLBACK_CREDENTIALS_HANDLER_ERROR names, when it names one. */
  fields?: FieldError[];
};

/** Codes for failures that happen before the server answers. */
export const NETWORK_ERROR = 'NetworkError';
export const BOT_CHECK_ERROR = 'BotCheckUnavailable';

/** A GET that failed, or a POST whose answer was not the expected JSON. */
export class AuthClientError extends Error {
  /** The server's error code, NetworkError, or HTTP_<status>. */
  readonly code: string;
  /** HTTP status; 0 when the server was not reached. */
  readonly status: number;

  constructor(message: string, code: string, status: number, cause?: unknown) {
    super(message, { cause });
    this.name = 'AuthClientError';
    this.code = code;
    this.status = status;
  }
}

export type SignInOptions = {
  /** A path on this server to go to afterwards; the server refuses anything else. */
  callbackUrl?: string;
  /**
   * `signin/{provider}` starts a sign-in (e-mails the one-time code);
   * `callback/{provider}` completes one and sets the session. NextAuth picks
   * by provider type; here the caller says, since otp uses both.
   */
  action?: 'signin' | 'callback';
};

export type LogLevel = 'error' | 'warn' | 'debug';

export type AuthClient = {
  readonly basePath: string;
  /** The session, or null when signed out. Throws AuthClientError on failure. */
  getSession(opts?: { signal?: AbortSignal }): Promise<Session | null>;
  /** A CSRF token (cached until the server refuses it); fresh: fetch a new one. */
  getCsrfToken(opts?: { fresh?: boolean }): Promise<string>;
  /** The sign-in methods. Throws AuthClientError on a network error or a non-2xx answer. */
  getProviders(opts?: { signal?: AbortSignal }): Promise<AuthProviders>;
  /** Never throws: failures come back as a SignInResponse with error set. */
  signIn(provider: string, fields: Record<string, string>, opts?: SignInOptions): Promise<SignInResponse>;
  /** Ends the server session. Throws AuthClientError on failure. */
  signOut(opts?: { callbackUrl?: string }): Promise<{ url: string | null }>;
  /** Changes the user's name or phone; the new session. Throws AuthClientError on failure. */
  update(data: SessionUpdate): Promise<Session | null>;
  /** A client log line: only a level and a code, never a message (it could hold personal data). Never throws. */
  log(level: LogLevel, code: string): Promise<void>;
};

export type AuthClientOptions = {
  fetch?: typeof fetch;
  /** The human-check token every POST carries (action api_update). */
  getBotCheckToken: (action: string) => Promise<string>;
};

type Raw = { status: number; ok: boolean; body: Record<string, unknown> | null };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A log code is a short identifier; anything else might carry personal data and is not sent. */
const LOG_CODE = /^[A-Za-z0-9_.:-]{1,64}$/;

function errorFromUrl(url: unknown): string | null {
  if (typeof url !== 'string' || url === '') return null;
  try {
    return new URL(url, 'http://localhost').searchParams.get('error');
  } catch {
    return null;
  }
}

/** A refusal's field list, as an array of {path, message} or an object of messages by field. */
function fieldsOf(body: Record<string, unknown> | null): FieldError[] | undefined {
  const fields = body?.fields;
  if (Array.isArray(fields)) {
    return fields.filter((f): f is FieldError => isObject(f) && typeof f.path === 'string' && typeof f.message === 'string');
  }
  if (isObject(fields)) {
    return Object.entries(fields)
      .filter((e): e is [string, string] => typeof e[1] === 'string')
      .map(([path, message]) => ({ path, message }));
  }
  return undefined;
}

function toSession(body: unknown): Session | null {
  if (!isObject(body) || !isObject(body.user)) return null;
  return body as unknown as Session;
}

export function createAuthClient(basePath: string, options: AuthClientOptions): AuthClient {
  const base = basePath.replace(/\/+$/, '');
  const doFetch = (...args: Parameters<typeof fetch>) => (options.fetch ?? globalThis.fetch)(...args);
  let csrf: Promise<string> | undefined;

  async function send(path: string, init: RequestInit): Promise<Raw> {
    let res: Response;
    try {
      res = await doFetch(`${base}/${path}`, {
        credentials: 'same-origin',
        ...init,
        headers: { 'X-Same-Origin': '1', Accept: 'application/json', ...init.headers },
      });
    } catch (cause) {
      if (init.signal?.aborted) throw cause;
      throw new AuthClientError('The server could not be reached. Check your connection and try again.', NETWORK_ERROR, 0, cause);
    }
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      body = null;
    }
    return { status: res.status, ok: res.ok, body: isObject(body) ? body : null };
  }

  /** A GET whose answer must be a 2xx JSON object. */
  async function getJSON(path: string, signal?: AbortSignal): Promise<Record<string, unknown>> {
    const raw = await send(path, { method: 'GET', signal });
    if (!raw.ok || !raw.body) {
      const code = typeof raw.body?.error === 'string' ? raw.body.error : `HTTP_${raw.status}`;
      throw new AuthClientError(`The sign-in service answered ${path} with HTTP ${raw.status}.`, code, raw.status);
    }
    return raw.body;
  }

  function getCsrfToken({ fresh = false } = {}): Promise<string> {
    if (fresh) csrf = undefined;
    csrf ??= getJSON('csrf').then(
      (body) => {
        if (typeof body.csrfToken !== 'string' || body.csrfToken === '') {
          throw new AuthClientError('The sign-in service gave no CSRF token.', 'MissingCSRF', 200);
        }
        return body.csrfToken;
      },
      (err: unknown) => {
        csrf = undefined;
        throw err;
      },
    );
    return csrf;
  }

  async function botToken(): Promise<string> {
    try {
      return await options.getBotCheckToken(BOT_CHECK_ACTION);
    } catch (cause) {
      throw new AuthClientError('The human check could not run. Reload the page and try again.', BOT_CHECK_ERROR, 0, cause);
    }
  }

  /**
   * A POST carrying the CSRF token. A MissingCSRF refusal (the cookie expired
   * or was replaced) is retried once with a fresh token.
   */
  async function postWithCsrf(path: string, encode: (csrfToken: string) => { body: string; contentType: string }): Promise<Raw> {
    for (let attempt = 0; ; attempt++) {
      const csrfToken = await getCsrfToken({ fresh: attempt > 0 });
      const { body, contentType } = encode(csrfToken);
      const raw = await send(path, {
        method: 'POST',
        headers: { 'Content-Type': contentType, 'X-Recaptcha-Token': await botToken() },
        body,
      });
      if (attempt === 0 && raw.status === 403 && raw.body?.error === 'MissingCSRF') continue;
      return raw;
    }
  }

  function form(csrfToken: string, callbackUrl: string | undefined, fields: Record<string, string>) {
    const params = new URLSearchParams();
    params.set('csrfToken', csrfToken);
    if (callbackUrl !== undefined) params.set('callbackUrl', callbackUrl);
    params.set('json', 'true');
    for (const [k, v] of Object.entries(fields)) params.set(k, v);
    return { body: params.toString(), contentType: 'application/x-www-form-urlencoded' };
  }

  function refusal(raw: Raw, path: string): AuthClientError {
    const code = typeof raw.body?.error === 'string' ? raw.body.error : `HTTP_${raw.status}`;
    return new AuthClientError(`The sign-in service refused ${path} (HTTP ${raw.status}).`, code, raw.status);
  }

  async function signIn(provider: string, fields: Record<string, string>, opts: SignInOptions = {}): Promise<SignInResponse> {
    const path = `${opts.action ?? 'callback'}/${encodeURIComponent(provider)}`;
    let raw: Raw;
    try {
      raw = await postWithCsrf(path, (token) => form(token, opts.callbackUrl, fields));
    } catch (err) {
      const code = err instanceof AuthClientError ? err.code : NETWORK_ERROR;
      return { error: code, status: err instanceof AuthClientError ? err.status : 0, ok: false, url: null };
    }
    const url = typeof raw.body?.url === 'string' ? raw.body.url : null;
    const error =
      (typeof raw.body?.error === 'string' && raw.body.error !== '' ? raw.body.error : null) ??
      errorFromUrl(url) ??
      (raw.ok && raw.body ? null : `HTTP_${raw.status}`);
    const fieldErrors = fieldsOf(raw.body);
    return {
      error,
      status: raw.status,
      ok: raw.ok && error === null,
      url: error ? null : url,
      ...(fieldErrors ? { fields: fieldErrors } : {}),
    };
  }

  async function signOut(opts: { callbackUrl?: string } = {}): Promise<{ url: string | null }> {
    const raw = await postWithCsrf('signout', (token) => form(token, opts.callbackUrl, {}));
    if (!raw.ok) throw refusal(raw, 'signout');
    csrf = undefined; // a new session starts with a new token
    return { url: typeof raw.body?.url === 'string' ? raw.body.url : null };
  }

  async function update(data: SessionUpdate): Promise<Session | null> {
    const raw = await postWithCsrf('session', (csrfToken) => ({
      body: JSON.stringify({ csrfToken, data }),
      contentType: 'application/json',
    }));
    if (!raw.ok) throw refusal(raw, 'session');
    return toSession(raw.body);
  }

  async function log(level: LogLevel, code: string): Promise<void> {
    const params = new URLSearchParams({ level, code: LOG_CODE.test(code) ? code : 'UNKNOWN' });
    try {
      await send('_log', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Recaptcha-Token': await botToken() },
        body: params.toString(),
        keepalive: true,
      });
    } catch {
      // A log line is worth nothing more than the call it reports on.
    }
  }

  return {
    basePath: base,
    async getSession({ signal } = {}) {
      return toSession(await getJSON('session', signal));
    },
    getCsrfToken,
    async getProviders({ signal } = {}) {
      const body = await getJSON('providers', signal);
      const providers = Object.values(body).filter((p): p is AuthProvider => isObject(p) && typeof p.id === 'string');
      return Object.fromEntries(providers.map((p) => [p.id, p]));
    },
    signIn,
    signOut,
    update,
    log,
  };
}
