// Answers /api/trpc in the browser for runs without the Go server
// (E2E_MOCK_API=1). The shapes follow src/api/types.ts. The auth APIs answer
// as for a visitor who is signed out; signing in needs the real server (its
// journeys skip here), and so do the funnel's pages.

import type { Page, Route } from '@playwright/test';

const insights = [
  {
    slug: 'heloc-vs-home-equity-loan',
    title: 'HELOC or home equity loan: which fits your plans?',
    summary: 'A line you draw from as you go, or a lump sum with a fixed payment.',
    author: 'Maya Chen',
    publishedAt: '2026-09-14',
    body: 'A home equity line of credit works like a credit card secured by your home.\n\nA home equity loan pays a lump sum.',
  },
  {
    slug: 'what-is-cltv',
    title: 'What is combined loan-to-value?',
    summary: 'How lenders weigh every loan on your home against its value.',
    author: 'Jordan Reyes',
    publishedAt: '2026-08-02',
    body: 'Combined loan-to-value adds up every loan on the home.\n\nThen it divides by the value.',
  },
  {
    slug: 'soft-vs-hard-credit-checks',
    title: 'Soft and hard credit checks, explained',
    summary: 'Why checking your rate does not affect your score.',
    author: 'Maya Chen',
    publishedAt: '2026-06-20',
    body: 'A soft inquiry is visible only to you.\n\nA hard inquiry is made when you apply.',
  },
];

const procedures: Record<string, (input: unknown) => unknown> = {
  'system.info': () => ({
    productName: 'Keystone Home Equity',
    environment: 'development',
    sandbox: true,
    botCheck: { mode: 'sandbox', siteKey: '' },
    policyRevision: 'mock',
  }),
  // The pages of a flow are the funnel policy's to decide; without the
  // server there is no flow, so the funnel pages show no progress or Back and
  // Continue (e2e/support/heloc.ts requireRealServer skips what needs them).
  'funnel.pages': () => ({ area: null, pages: [], previous: null, next: null }),
  'content.insights': () => ({ items: insights.map(({ body: _body, ...rest }) => rest) }),
  'content.insight': (input) => {
    const found = insights.find((i) => i.slug === (input as { slug?: string } | undefined)?.slug);
    if (!found) throw Object.assign(new Error('No such insight.'), { code: 'NOT_FOUND' });
    return found;
  },
  'identity.deleteSession': () => ({ deleted: false }),
  'routing.resume': () => ({ action: 'none', to: null }),
};

const providers: Record<string, Record<string, { id: string; name: string; type: string }>> = {
  authApplicant: {
    otp: { id: 'otp', name: 'E-mail code', type: 'email' },
    password: { id: 'password', name: 'Password', type: 'credentials' },
  },
  authPortal: { credentials: { id: 'credentials', name: 'E-mail, password and authenticator code', type: 'credentials' } },
};

/** GET session, csrf and providers of either auth API, for a signed-out visitor. */
async function handleAuth(route: Route) {
  const url = new URL(route.request().url());
  const [, , api, call] = url.pathname.split('/');
  if (route.request().method() !== 'GET') {
    await route.fulfill({ status: 404, json: { error: 'MISSING_NEXTAUTH_API_ROUTE_ERROR', status: 404, ok: false, url: null } });
    return;
  }
  const answers: Record<string, unknown> = {
    session: {},
    csrf: { csrfToken: 'mock' },
    providers: Object.fromEntries(
      Object.entries(providers[api!] ?? {}).map(([id, p]) => [
        id,
        { ...p, signinUrl: `${url.origin}/api/${api}/signin/${id}`, callbackUrl: `${url.origin}/api/${api}/callback/${id}` },
      ]),
    ),
  };
  await route.fulfill({ status: call! in answers ? 200 : 404, json: answers[call!] ?? {} });
}

function answer(path: string, input: unknown) {
  const proc = procedures[path];
  try {
    if (!proc) throw Object.assign(new Error(`No procedure ${path}.`), { code: 'NOT_FOUND' });
    return { status: 200, body: { result: { data: proc(input) } } };
  } catch (err) {
    const code = (err as { code?: string }).code ?? 'INTERNAL_SERVER_ERROR';
    const httpStatus = code === 'NOT_FOUND' ? 404 : 500;
    return {
      status: httpStatus,
      body: { error: { message: (err as Error).message, code: code === 'NOT_FOUND' ? -32004 : -32603, data: { code, httpStatus, path } } },
    };
  }
}

async function handle(route: Route) {
  const url = new URL(route.request().url());
  const names = decodeURIComponent(url.pathname.replace(/^\/api\/trpc\//, '')).split(',');
  const rawInput = url.searchParams.get('input');
  const input = rawInput ? JSON.parse(rawInput) : route.request().postDataJSON?.();
  if (url.searchParams.get('batch') === '1') {
    const outcomes = names.map((name, i) => answer(name, (input as Record<string, unknown> | undefined)?.[i]));
    const mixed = outcomes.some((o) => o.status !== 200);
    await route.fulfill({ status: mixed ? 207 : 200, json: outcomes.map((o) => o.body) });
    return;
  }
  const { status, body } = answer(names[0]!, input);
  await route.fulfill({ status, json: body });
}

export async function mockApi(page: Page) {
  await page.route('**/api/trpc/**', handle);
  await page.route(/\/api\/auth(Applicant|Portal)\//, handleAuth);
}
