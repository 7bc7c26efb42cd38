import { act, render, renderHook, screen, waitFor } from '@testing-library/react';

import type { Session } from './auth-client';
import { createSessionController, sessions, useSession } from './session-store';

const ana: Session = {
  user: { id: 'u1', email: 'ana@example.com', name: 'Ana Diaz', firstName: 'Ana', lastName: 'Diaz' },
  expires: '2026-12-01T00:00:00Z',
};

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function fakeClient(getSession: () => Promise<Session | null>) {
  return {
    getSession: vi.fn(getSession),
    update: vi.fn(async () => ana),
    signOut: vi.fn(async () => ({ url: 'http://localhost/' })),
  };
}

function focusWindow() {
  act(() => {
    window.dispatchEvent(new Event('focus'));
  });
}

describe('session controller', () => {
  it('starts loading, then turns authenticated with the session', async () => {
    const answer = deferred<Session | null>();
    const controller = createSessionController(fakeClient(() => answer.promise));
    expect(controller.store.getState()).toEqual({ status: 'loading', data: null });
    const disconnect = controller.connect();
    answer.resolve(ana);
    await waitFor(() => expect(controller.store.getState()).toEqual({ status: 'authenticated', data: ana }));
    disconnect();
  });

  it('turns unauthenticated for {} (no session), and when the first fetch fails', async () => {
    const signedOut = createSessionController(fakeClient(async () => null));
    signedOut.connect()();
    await waitFor(() => expect(signedOut.store.getState().status).toBe('unauthenticated'));

    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failing = createSessionController(fakeClient(async () => Promise.reject(new Error('offline'))));
    failing.connect()();
    await waitFor(() => expect(failing.store.getState().status).toBe('unauthenticated'));
  });

  it('keeps a known session when a refetch fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let fail = false;
    const controller = createSessionController(fakeClient(async () => (fail ? Promise.reject(new Error('offline')) : ana)));
    await controller.refetch();
    fail = true;
    await controller.refetch();
    expect(controller.store.getState()).toEqual({ status: 'authenticated', data: ana });
  });

  it('lets the newest fetch win', async () => {
    const first = deferred<Session | null>();
    const second = deferred<Session | null>();
    const answers = [first.promise, second.promise];
    const controller = createSessionController(fakeClient(() => answers.shift()!));
    const a = controller.refetch();
    const b = controller.refetch();
    second.resolve(ana);
    await b;
    first.resolve(null);
    await a;
    expect(controller.store.getState().status).toBe('authenticated');
  });

  it('refetches when the window regains focus or the tab becomes visible, without passing through loading', async () => {
    let current: Session | null = ana;
    const client = fakeClient(async () => current);
    const controller = createSessionController(client);
    const disconnect = controller.connect();
    await waitFor(() => expect(controller.store.getState().status).toBe('authenticated'));
    const seen: string[] = [];
    const unsubscribe = controller.store.subscribe((s) => seen.push(s.status));

    current = null; // signed out in another tab
    focusWindow();
    await waitFor(() => expect(controller.store.getState().status).toBe('unauthenticated'));
    expect(seen).toEqual(['unauthenticated']);

    current = ana;
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(controller.store.getState().status).toBe('authenticated'));
    expect(client.getSession).toHaveBeenCalledTimes(3);

    unsubscribe();
    disconnect();
    focusWindow();
    expect(client.getSession).toHaveBeenCalledTimes(3);
  });

  it('signs out: the server first, then the redirect, then unauthenticated', async () => {
    const client = fakeClient(async () => ana);
    const controller = createSessionController(client);
    await controller.refetch();
    const order: string[] = [];
    client.signOut.mockImplementation(async () => {
      order.push('server');
      return { url: 'http://localhost/' };
    });
    await controller.signOut({
      callbackUrl: '/',
      redirect: (url) => {
        order.push(`redirect ${url} while ${controller.store.getState().status}`);
      },
    });
    expect(order).toEqual(['server', 'redirect http://localhost/ while authenticated']);
    expect(client.signOut).toHaveBeenCalledWith({ callbackUrl: '/' });
    expect(controller.store.getState()).toEqual({ status: 'unauthenticated', data: null });
  });

  it('stays signed in when the server refuses the sign-out', async () => {
    const client = fakeClient(async () => ana);
    client.signOut.mockRejectedValue(new Error('refused'));
    const controller = createSessionController(client);
    await controller.refetch();
    await expect(controller.signOut()).rejects.toThrow('refused');
    expect(controller.store.getState().status).toBe('authenticated');
  });

  it('keeps the session that update answers', async () => {
    const renamed = { ...ana, user: { ...ana.user, lastName: 'Reyes' } };
    const client = fakeClient(async () => ana);
    client.update.mockResolvedValue(renamed);
    const controller = createSessionController(client);
    await controller.refetch();
    await controller.update({ lastName: 'Reyes' });
    expect(controller.store.getState().data).toEqual(renamed);
  });
});

describe('useSession', () => {
  beforeEach(() => sessions.applicant.reset());

  it('shares one status among all components, fetching the session once', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL) => new Response(JSON.stringify(ana)));
    vi.stubGlobal('fetch', fetch);
    function Status({ name }: { name: string }) {
      const { status, data } = useSession('applicant');
      return (
        <p>
          {name}: {status} {data?.user.email}
        </p>
      );
    }
    render(
      <>
        <Status name="header" />
        <Status name="page" />
      </>,
    );
    expect(screen.getByText(/header: loading/)).toBeInTheDocument();
    expect(await screen.findByText('header: authenticated ana@example.com')).toBeInTheDocument();
    expect(screen.getByText('page: authenticated ana@example.com')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/authApplicant/session');
  });

  it('exposes update and refetch', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({}))),
    );
    const { result } = renderHook(() => useSession('applicant'));
    await waitFor(() => expect(result.current.status).toBe('unauthenticated'));
    expect(typeof result.current.update).toBe('function');
    expect(await result.current.refetch()).toBeNull();
  });
});
