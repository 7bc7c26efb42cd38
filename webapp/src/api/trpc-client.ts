// A small client for tRPC's HTTP format, spoken by the Go server at /api/trpc
// (spec §7). Queries issued in the same tick are sent as one batched GET.

export type FieldError = {
  path: string;
  message: string;
};

type ErrorShape = {
  message: string;
  code: number;
  data?: {
    code?: string;
    httpStatus?: number;
    path?: string;
    fields?: FieldError[];
  };
};

type Envelope<T> = { result: { data: T } } | { error: ErrorShape };

/** An error answered by the server, or the failure to reach it. */
export class TRPCClientError extends Error {
  /** tRPC error code: BAD_REQUEST, UNAUTHORIZED, NOT_FOUND, ..., or NETWORK_ERROR. */
  readonly code: string;
  /** HTTP status the error maps to; 0 when the server was not reached. */
  readonly httpStatus: number;
  /** The procedure that failed. */
  readonly path: string;
  /** Validation messages per input field, for forms to show beside the field. */
  readonly fields: FieldError[];

  constructor(message: string, opts: { code: string; httpStatus: number; path: string; fields?: FieldError[]; cause?: unknown }) {
    super(message, { cause: opts.cause });
    this.name = 'TRPCClientError';
    this.code = opts.code;
    this.httpStatus = opts.httpStatus;
    this.path = opts.path;
    this.fields = opts.fields ?? [];
  }

  static fromShape(shape: ErrorShape, path: string, httpStatus: number): TRPCClientError {
    return new TRPCClientError(shape.message || 'The request failed.', {
      code: shape.data?.code ?? 'INTERNAL_SERVER_ERROR',
      httpStatus: shape.data?.httpStatus ?? httpStatus,
      path: shape.data?.path ?? path,
      fields: shape.data?.fields,
    });
  }
}

/**
 * The PARSE_ERROR of an answer that does not fit its definition: `at` is
 * where it first differs ("" for the answer as a whole).
 */
export function unexpectedShape(path: string, at: string): TRPCClientError {
  return new TRPCClientError(`The server answered ${path} in an unexpected shape.`, {
    code: 'PARSE_ERROR',
    httpStatus: 200,
    path,
    cause: new Error(at === '' ? 'the answer as a whole' : `at ${at}`),
  });
}

export function isTRPCClientError(err: unknown): err is TRPCClientError {
  return err instanceof TRPCClientError;
}

export type TRPCClientOptions = {
  /** Where the tRPC endpoint lives; default /api/trpc on this origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** The human-check token for POST, PUT and PATCH (action api_update). */
  getBotCheckToken: (action: string) => Promise<string>;
  /** Longer batched GET URLs are split into several requests. */
  maxUrlLength?: number;
  /** How long queries are collected before a batch is sent, in ms. */
  batchWindowMs?: number;
  /**
   * Checks each answer against its procedure's result definition: where it
   * first differs ('' for the whole answer), or null when it fits. An answer
   * that does not fit fails the call with PARSE_ERROR.
   */
  checkAnswer?: (path: string, data: unknown) => string | null | Promise<string | null>;
};

export type CallOptions = { signal?: AbortSignal };

export type BatchCall = { path: string; input?: unknown };

export type BatchOutcome = { ok: true; data: unknown } | { ok: false; error: TRPCClientError };

export type TRPCClient = {
  query<T>(path: string, input?: unknown, opts?: CallOptions): Promise<T>;
  mutate<T>(path: string, input?: unknown, opts?: CallOptions): Promise<T>;
  /** Sends the calls as one batched GET; outcomes come back in call order. */
  batch(calls: BatchCall[], opts?: CallOptions): Promise<BatchOutcome[]>;
  /**
   * Holds back the queries asked from now on whose procedure `held` names,
   * unsent, until the returned release is called; then sends those whose
   * callers have not given up (aborted their signal) meanwhile. A sign-out
   * holds the queries a page starts while the session ends: that page is
   * about to be left, and a query sent then would be answered 401 after it
   * (holdPageQueries in client.ts).
   */
  hold(held: (path: string) => boolean): () => void;
};

export const BOT_CHECK_ACTION = 'api_update';

type Pending = BatchCall & {
  signal?: AbortSignal;
  resolve: (data: unknown) => void;
  reject: (err: unknown) => void;
};

export function createTRPCClient(options: TRPCClientOptions): TRPCClient {
  const baseUrl = options.baseUrl ?? '/api/trpc';
  const maxUrlLength = options.maxUrlLength ?? 2000;
  const batchWindowMs = options.batchWindowMs ?? 0;
  const doFetch = (...args: Parameters<typeof fetch>) => (options.fetch ?? globalThis.fetch)(...args);
  let queue: Pending[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const holds = new Set<(path: string) => boolean>();
  let heldBack: Pending[] = [];

  function queryUrl(calls: BatchCall[], batched: boolean): string {
    const names = calls.map((c) => c.path).join(',');
    if (!batched) {
      const input = calls[0]?.input;
      return input === undefined
        ? `${baseUrl}/${names}`
        : `${baseUrl}/${names}?input=${encodeURIComponent(JSON.stringify(input))}`;
    }
    const inputs: Record<string, unknown> = {};
    calls.forEach((c, i) => {
      if (c.input !== undefined) inputs[i] = c.input;
    });
    return `${baseUrl}/${names}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`;
  }

  async function send(url: string, init: RequestInit, path: string): Promise<{ status: number; body: unknown }> {
    let res: Response;
    try {
      res = await doFetch(url, { credentials: 'same-origin', ...init });
    } catch (cause) {
      if (init.signal?.aborted) throw cause;
      throw new TRPCClientError('The server could not be reached. Check your connection and try again.', {
        code: 'NETWORK_ERROR',
        httpStatus: 0,
        path,
        cause,
      });
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch (cause) {
      throw new TRPCClientError(`Unexpected response from the server (HTTP ${res.status}).`, {
        code: res.ok ? 'PARSE_ERROR' : 'INTERNAL_SERVER_ERROR',
        httpStatus: res.status,
        path,
        cause,
      });
    }
    return { status: res.status, body };
  }

  function unwrap<T>(body: unknown, path: string, status: number): T {
    const env = body as Envelope<T> | null;
    if (env && typeof env === 'object' && 'result' in env && env.result) return env.result.data;
    if (env && typeof env === 'object' && 'error' in env && env.error) {
      throw TRPCClientError.fromShape(env.error, path, status);
    }
    throw new TRPCClientError(`Unexpected response from the server (HTTP ${status}).`, {
      code: 'PARSE_ERROR',
      httpStatus: status,
      path,
    });
  }

  const baseHeaders = { 'X-Same-Origin': '1', Accept: 'application/json' };

  /** data, once checkAnswer finds it fits path's result definition. */
  async function checked<T>(path: string, data: unknown): Promise<T> {
    const at = options.checkAnswer ? await options.checkAnswer(path, data) : null;
    if (at !== null) throw unexpectedShape(path, at);
    return data as T;
  }

  async function single<T>(path: string, input: unknown, signal?: AbortSignal): Promise<T> {
    const { status, body } = await send(queryUrl([{ path, input }], false), { method: 'GET', headers: baseHeaders, signal }, path);
    return unwrap<T>(body, path, status);
  }

  /** Sends the calls as one batched GET, each answer checked. */
  async function checkedBatch(calls: BatchCall[], opts: CallOptions = {}): Promise<BatchOutcome[]> {
    const outcomes = await batch(calls, opts);
    return Promise.all(
      outcomes.map(async (o, i): Promise<BatchOutcome> => {
        if (!o.ok) return o;
        try {
          return { ok: true, data: await checked(calls[i]!.path, o.data) };
        } catch (err) {
          return { ok: false, error: err as TRPCClientError };
        }
      }),
    );
  }

  async function batch(calls: BatchCall[], opts: CallOptions = {}): Promise<BatchOutcome[]> {
    const names = calls.map((c) => c.path).join(',');
    const { status, body } = await send(
      queryUrl(calls, true),
      { method: 'GET', headers: baseHeaders, signal: opts.signal },
      names,
    );
    if (!Array.isArray(body) || body.length !== calls.length) {
      // The whole request failed (a malformed batch, say): every call shares the error.
      let error: TRPCClientError;
      try {
        unwrap(body, names, status);
        error = new TRPCClientError('The server answered a batch with the wrong number of results.', {
          code: 'PARSE_ERROR',
          httpStatus: status,
          path: names,
        });
      } catch (err) {
        error = err as TRPCClientError;
      }
      return calls.map(() => ({ ok: false, error }));
    }
    return body.map((item, i): BatchOutcome => {
      try {
        return { ok: true, data: unwrap(item, calls[i]!.path, status) };
      } catch (err) {
        return { ok: false, error: err as TRPCClientError };
      }
    });
  }

  /** Splits the pending calls into groups whose batched URL stays short enough. */
  function groups(pending: Pending[]): Pending[][] {
    const out: Pending[][] = [];
    let current: Pending[] = [];
    for (const call of pending) {
      const next = [...current, call];
      if (current.length > 0 && queryUrl(next, true).length > maxUrlLength) {
        out.push(current);
        current = [call];
      } else {
        current = next;
      }
    }
    if (current.length > 0) out.push(current);
    return out;
  }

  async function dispatch(group: Pending[]) {
    if (group.length === 1) {
      const [call] = group as [Pending];
      single(call.path, call.input, call.signal).then(call.resolve, call.reject);
      return;
    }
    // The batch is aborted only when every caller in it has given up.
    const controller = new AbortController();
    const abortIfAll = () => {
      if (group.every((c) => c.signal?.aborted)) controller.abort();
    };
    group.forEach((c) => c.signal?.addEventListener('abort', abortIfAll, { once: true }));
    try {
      const outcomes = await batch(group, { signal: controller.signal });
      outcomes.forEach((o, i) => (o.ok ? group[i]!.resolve(o.data) : group[i]!.reject(o.error)));
    } catch (err) {
      group.forEach((c) => c.reject(err));
    }
  }

  function flush() {
    timer = undefined;
    const pending: Pending[] = [];
    for (const call of queue) {
      if (call.signal?.aborted) continue;
      if ([...holds].some((held) => held(call.path))) heldBack.push(call);
      else pending.push(call);
    }
    queue = [];
    groups(pending).forEach((group) => void dispatch(group));
  }

  function hold(held: (path: string) => boolean): () => void {
    holds.add(held);
    return () => {
      if (!holds.delete(held)) return;
      // Asked again on the next turn: a page left meanwhile has given up
      // its queries by then (TanStack Query aborts them as it unmounts),
      // and a hold still in place keeps what it names.
      queue = [...heldBack, ...queue];
      heldBack = [];
      if (queue.length > 0) timer ??= setTimeout(flush, batchWindowMs);
    };
  }

  function query<T>(path: string, input?: unknown, opts: CallOptions = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const { signal } = opts;
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      queue.push({ path, input, signal, resolve: resolve as (data: unknown) => void, reject });
      timer ??= setTimeout(flush, batchWindowMs);
    }).then((data) => checked<T>(path, data));
  }

  async function mutate<T>(path: string, input?: unknown, opts: CallOptions = {}): Promise<T> {
    const token = await options.getBotCheckToken(BOT_CHECK_ACTION);
    const { status, body } = await send(
      `${baseUrl}/${path}`,
      {
        method: 'POST',
        headers: { ...baseHeaders, 'Content-Type': 'application/json', 'X-Recaptcha-Token': token },
        body: input === undefined ? undefined : JSON.stringify(input),
        signal: opts.signal,
      },
      path,
    );
    return checked<T>(path, unwrap(body, path, status));
  }

  return { query, mutate, batch: checkedBatch, hold };
}
