import { createTRPCClient, isTRPCClientError, TRPCClientError } from './trpc-client';

type Call = { url: string; init: RequestInit };

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setup(...responses: Response[]) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const next = responses.shift();
    if (!next) throw new Error('no response left');
    return next;
  });
  const getBotCheckToken = vi.fn(async (action: string) => `token-for-${action}`);
  const client = createTRPCClient({ fetch: fetch as typeof globalThis.fetch, getBotCheckToken });
  return { client, calls, fetch, getBotCheckToken };
}

function header(call: Call | undefined, name: string) {
  return new Headers(call?.init.headers).get(name);
}

function decodedInput(url: string) {
  const raw = new URL(url, 'http://localhost').searchParams.get('input');
  return raw === null ? undefined : JSON.parse(raw);
}

describe('tRPC client', () => {
  it('sends a query as GET with its input in the query string', async () => {
    const { client, calls } = setup(jsonResponse({ result: { data: { slug: 'a', title: 'A' } } }));
    const data = await client.query('content.insight', { slug: 'a b&c' });
    expect(data).toEqual({ slug: 'a', title: 'A' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init.method).toBe('GET');
    expect(calls[0]!.url.startsWith('/api/trpc/content.insight?input=')).toBe(true);
    expect(decodedInput(calls[0]!.url)).toEqual({ slug: 'a b&c' });
  });

  it('leaves out the input of a query that has none', async () => {
    const { client, calls } = setup(jsonResponse({ result: { data: { sandbox: true } } }));
    await client.query('system.info');
    expect(calls[0]!.url).toBe('/api/trpc/system.info');
  });

  it('sends X-Same-Origin on every call and no bot-check token on a query', async () => {
    const { client, calls, getBotCheckToken } = setup(jsonResponse({ result: { data: 1 } }));
    await client.query('system.info');
    expect(header(calls[0], 'X-Same-Origin')).toBe('1');
    expect(header(calls[0], 'X-Recaptcha-Token')).toBeNull();
    expect(getBotCheckToken).not.toHaveBeenCalled();
  });

  it('batches queries made in the same tick into one GET, answered in order', async () => {
    const { client, calls } = setup(
      jsonResponse([{ result: { data: { productName: 'P' } } }, { result: { data: { slug: 'x' } } }]),
    );
    const [info, post] = await Promise.all([
      client.query('system.info'),
      client.query('content.insight', { slug: 'x' }),
    ]);
    expect(info).toEqual({ productName: 'P' });
    expect(post).toEqual({ slug: 'x' });
    expect(calls).toHaveLength(1);
    const url = new URL(calls[0]!.url, 'http://localhost');
    expect(url.pathname).toBe('/api/trpc/system.info,content.insight');
    expect(url.searchParams.get('batch')).toBe('1');
    expect(JSON.parse(url.searchParams.get('input')!)).toEqual({ 1: { slug: 'x' } });
    expect(header(calls[0], 'X-Same-Origin')).toBe('1');
  });

  it('settles each call of a mixed batch on its own', async () => {
    const { client } = setup(
      jsonResponse(
        [
          { result: { data: { items: [] } } },
          { error: { message: 'No such post', code: -32004, data: { code: 'NOT_FOUND', httpStatus: 404, path: 'content.insight' } } },
        ],
        207,
      ),
    );
    const [list, post] = await Promise.allSettled([
      client.query('content.insights'),
      client.query('content.insight', { slug: 'gone' }),
    ]);
    expect(list).toEqual({ status: 'fulfilled', value: { items: [] } });
    expect(post.status).toBe('rejected');
    const err = (post as PromiseRejectedResult).reason as TRPCClientError;
    expect(err).toBeInstanceOf(TRPCClientError);
    expect(err.code).toBe('NOT_FOUND');
    expect(err.httpStatus).toBe(404);
    expect(err.path).toBe('content.insight');
  });

  it('exposes batch() for an explicit batched call', async () => {
    const { client, calls } = setup(jsonResponse([{ result: { data: 1 } }, { result: { data: 2 } }]));
    const outcomes = await client.batch([{ path: 'a.b' }, { path: 'c.d', input: { n: 1 } }]);
    expect(outcomes).toEqual([
      { ok: true, data: 1 },
      { ok: true, data: 2 },
    ]);
    expect(decodedInput(calls[0]!.url)).toEqual({ 1: { n: 1 } });
  });

  it('splits a batch whose URL would be too long', async () => {
    const fetch = vi.fn(async (url: RequestInfo | URL) => {
      const names = new URL(String(url), 'http://localhost').pathname.split('/').pop()!.split(',');
      const body = names.length === 1 ? { result: { data: names[0] } } : names.map((n) => ({ result: { data: n } }));
      return jsonResponse(body);
    });
    const client = createTRPCClient({
      fetch: fetch as typeof globalThis.fetch,
      getBotCheckToken: async () => 't',
      maxUrlLength: 120,
    });
    const long = 'x'.repeat(60);
    const got = await Promise.all([client.query('a.one', { long }), client.query('a.two', { long }), client.query('a.three')]);
    expect(got).toEqual(['a.one', 'a.two', 'a.three']);
    expect(fetch.mock.calls.length).toBeGreaterThan(1);
    for (const [url] of fetch.mock.calls) expect(String(url).length).toBeLessThanOrEqual(120 + 60);
  });

  it('turns an error answer into a TRPCClientError with code, status and field messages', async () => {
    const { client } = setup(
      jsonResponse(
        {
          error: {
            message: 'Check the highlighted fields.',
            code: -32600,
            data: {
              code: 'BAD_REQUEST',
              httpStatus: 400,
              path: 'identity.signUp',
              fields: [{ path: 'email', message: 'Enter a valid e-mail address.' }],
            },
          },
        },
        400,
      ),
    );
    const err = await client.mutate('identity.signUp', { email: 'nope' }).catch((e: unknown) => e);
    expect(isTRPCClientError(err)).toBe(true);
    expect(err).toMatchObject({
      message: 'Check the highlighted fields.',
      code: 'BAD_REQUEST',
      httpStatus: 400,
      path: 'identity.signUp',
      fields: [{ path: 'email', message: 'Enter a valid e-mail address.' }],
    });
  });

  it('reports a response that is not JSON with its HTTP status', async () => {
    const { client } = setup(new Response('<html>Bad gateway</html>', { status: 502 }));
    const err = (await client.query('system.info').catch((e: unknown) => e)) as TRPCClientError;
    expect(err).toBeInstanceOf(TRPCClientError);
    expect(err.httpStatus).toBe(502);
    expect(err.code).toBe('INTERNAL_SERVER_ERROR');
  });

  it('reports an unreachable server as NETWORK_ERROR', async () => {
    const fetch = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const client = createTRPCClient({ fetch, getBotCheckToken: async () => 't' });
    const err = (await client.query('system.info').catch((e: unknown) => e)) as TRPCClientError;
    expect(err.code).toBe('NETWORK_ERROR');
    expect(err.httpStatus).toBe(0);
  });

  it('sends a mutation as POST with a JSON body, the bot-check token and X-Same-Origin', async () => {
    const { client, calls, getBotCheckToken } = setup(jsonResponse({ result: { data: { deleted: true } } }));
    const data = await client.mutate('identity.deleteSession', { reason: 'signOut' });
    expect(data).toEqual({ deleted: true });
    expect(getBotCheckToken).toHaveBeenCalledWith('api_update');
    const call = calls[0]!;
    expect(call.url).toBe('/api/trpc/identity.deleteSession');
    expect(call.init.method).toBe('POST');
    expect(call.init.body).toBe(JSON.stringify({ reason: 'signOut' }));
    expect(header(call, 'Content-Type')).toBe('application/json');
    expect(header(call, 'X-Same-Origin')).toBe('1');
    expect(header(call, 'X-Recaptcha-Token')).toBe('token-for-api_update');
  });

  it('sends no body for a mutation without input', async () => {
    const { client, calls } = setup(jsonResponse({ result: { data: { deleted: false } } }));
    await client.mutate('identity.deleteSession');
    expect(calls[0]!.init.body).toBeUndefined();
  });

  it('rejects an aborted query without sending it', async () => {
    const { client, fetch } = setup();
    const controller = new AbortController();
    const pending = client.query('system.info', undefined, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toBeDefined();
    await new Promise((r) => setTimeout(r, 5));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('holds back the queries a hold names until it is released, and never sends one given up meanwhile', async () => {
    const { client, calls } = setup(jsonResponse({ result: { data: 'info' } }), jsonResponse({ result: { data: 'pages' } }));
    const release = client.hold((path) => path !== 'system.info');
    const info = client.query('system.info');
    const controller = new AbortController();
    const abandoned = client.query('application.disclosures', undefined, { signal: controller.signal });
    const pages = client.query('funnel.pages');
    await expect(info).resolves.toBe('info');
    expect(calls.map((c) => c.url)).toEqual(['/api/trpc/system.info']);
    controller.abort();
    await expect(abandoned).rejects.toBeDefined();
    release();
    await expect(pages).resolves.toBe('pages');
    expect(calls.map((c) => c.url)).toEqual(['/api/trpc/system.info', '/api/trpc/funnel.pages']);
  });
});
