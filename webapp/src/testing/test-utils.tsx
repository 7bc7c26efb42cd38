import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

import { theme } from '@/config/theme';
import { createQueryClient } from '@/lib/react-query';
import type { AdverseAction } from '@/api/get-adverse-action';

/** Renders a page element at a path, inside the app's providers. */
export function renderAt(path: string, element: ReactElement, { routePath = path.split('?')[0]! } = {}) {
  const router = createMemoryRouter([{ path: routePath, element }], { initialEntries: [path] });
  const queryClient = createQueryClient();
  return render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

type Answer = { status?: number; body: unknown };

/** A request to an auth API, as a handler of stubTRPC's `auth` table sees it. */
export type AuthRequest = {
  method: string;
  /** The path under the auth base: session, csrf, signin/otp, ... */
  path: string;
  realm: 'applicant' | 'portal';
  headers: Headers;
  /** The form fields of a form-encoded POST. */
  form: URLSearchParams | null;
  /** The body of a JSON POST. */
  json: unknown;
};

export type AuthHandler = (req: AuthRequest) => Answer | Promise<Answer>;

const authBases = { '/api/authApplicant/': 'applicant', '/api/authPortal/': 'portal' } as const;

/**
 * Stubs fetch so /api/trpc/<procedure> answers from the table (a mutation's
 * JSON body is its input) and, when given, the auth APIs answer from `auth`,
 * keyed "METHOD realm/path" ("GET applicant/session"); records the calls.
 */
export function stubTRPC(
  answers: Record<string, (input: unknown) => Answer>,
  { auth = {} }: { auth?: Record<string, AuthHandler> } = {},
) {
  const calls: string[] = [];
  const authCalls: AuthRequest[] = [];
  const fetchStub = vi.fn(async (url: RequestInfo | URL, init: RequestInit = {}) => {
    const u = new URL(String(url), 'http://localhost');
    const method = init.method ?? 'GET';
    const base = Object.keys(authBases).find((b) => u.pathname.startsWith(b)) as keyof typeof authBases | undefined;
    if (base) {
      const headers = new Headers(init.headers);
      const body = typeof init.body === 'string' ? init.body : '';
      const isJSON = headers.get('Content-Type') === 'application/json';
      const req: AuthRequest = {
        method,
        path: u.pathname.slice(base.length),
        realm: authBases[base],
        headers,
        form: method === 'POST' && !isJSON ? new URLSearchParams(body) : null,
        json: isJSON && body ? JSON.parse(body) : undefined,
      };
      authCalls.push(req);
      const handler = auth[`${method} ${req.realm}/${req.path}`];
      const r = handler ? await handler(req) : { status: 404, body: { error: 'MISSING_NEXTAUTH_API_ROUTE_ERROR', status: 404, ok: false, url: null } };
      return new Response(JSON.stringify(r.body), { status: r.status ?? 200 });
    }
    const names = u.pathname.replace('/api/trpc/', '').split(',');
    calls.push(...names);
    const input = u.searchParams.get('input');
    const parsed = method === 'POST' ? (typeof init.body === 'string' ? JSON.parse(init.body) : undefined) : input ? JSON.parse(input) : undefined;
    const one = (name: string, i: number): Answer => {
      const answer = answers[name];
      if (!answer) return { status: 404, body: { error: { message: 'No such procedure', code: -32004, data: { code: 'NOT_FOUND', httpStatus: 404, path: name } } } };
      return answer(u.searchParams.get('batch') ? parsed?.[i] : parsed);
    };
    if (u.searchParams.get('batch')) {
      const results = names.map(one);
      return new Response(JSON.stringify(results.map((r) => r.body)), { status: results.every((r) => !r.status || r.status === 200) ? 200 : 207 });
    }
    const r = one(names[0]!, 0);
    return new Response(JSON.stringify(r.body), { status: r.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls, authCalls, fetch: fetchStub };
}

export function ok(data: unknown): Answer {
  return { body: { result: { data } } };
}

/** A tRPC error answer. */
export function trpcError(code: string, httpStatus: number, message = 'Refused.', fields?: { path: string; message: string }[]): Answer {
  return { status: httpStatus, body: { error: { message, code: -32600, data: { code, httpStatus, path: '', ...(fields ? { fields } : {}) } } } };
}

/** An auth API refusal: {error, status, ok: false, url, message}. */
export function authRefusal(error: string, status: number): Answer {
  return { status, body: { error, status, ok: false, url: `http://localhost/app/login?error=${error}`, message: error } };
}

export const sandboxSystemInfo = {
  productName: 'Keystone Home Equity',
  environment: 'development',
  sandbox: true,
  botCheck: { mode: 'sandbox', siteKey: '' },
  policyRevision: 'test',
};

/** Renders a route table inside the app's providers, starting at a path; the router tells where it went. */
export function renderRoutes(path: string, routes: RouteObject[]) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router };
}

/** The path and query the router is at. */
export function currentUrl(router: { state: { location: { pathname: string; search: string } } }): string {
  return router.state.location.pathname + router.state.location.search;
}

/**
 * A page's query that is never answered (a valuation still on its way, say):
 * `abandoned` is called when its fetch is cancelled.
 */
export function useUnansweredQuery(abandoned: () => void) {
  useQuery({
    queryKey: ['still', 'fetching'],
    queryFn: ({ signal }) =>
      new Promise<never>(() => {
        signal.addEventListener('abort', abandoned);
      }),
  });
}

/**
 * A stored notice of action taken as prequal.adverseAction answers it: the
 * sandbox bureau and the lender, with `over` laid on (the reasons, the score,
 * the wording a test reads).
 */
export function aNotice(over: Partial<AdverseAction>): AdverseAction {
  return {
    noticeId: 'n-7',
    date: '2026-11-28',
    reasons: [],
    score: null,
    scoreRange: { min: 300, max: 850 },
    scoreDate: '2026-11-27',
    keyFactors: [],
    bureau: { name: 'Sandbox Credit Bureau', address: 'PO Box 1000, Atlanta, GA 30348', phone: '1-800-555-0100', website: 'www.sandbox-bureau.example' },
    creditor: { name: 'Keystone Home Equity', address: '100 Market Street, San Francisco, CA 94105', nmlsId: '1234567' },
    version: 'AAN-2026-11.1',
    reasonCodes: [],
    ...over,
  };
}

