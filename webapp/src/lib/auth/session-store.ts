import { useEffect, useMemo } from 'react';
import { createStore, useStore, type StoreApi } from 'zustand';

import type { AuthClient, AuthRealm, Session, SessionUpdate } from './auth-client';
import { authClients } from './auth-clients';

// One session state per realm, shared by every component that asks (spec §4
// "Session status: loading, authenticated, unauthenticated"). Like
// next-auth/react's SessionProvider it fetches the session once when first
// needed and again whenever the window regains focus (spec §9), without
// passing through "loading" again.

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

export type SessionState = { status: SessionStatus; data: Session | null };

export type SignOutOptions = {
  callbackUrl?: string;
  /**
   * Called once the server session has ended and before the state turns
   * unauthenticated: navigate here, so a page that needs a session is left
   * before it could send the user to the sign-in page.
   */
  redirect?: (url: string | null) => void | Promise<void>;
};

export type SessionController = {
  store: StoreApi<SessionState>;
  /** Fetches the session now; a newer fetch wins over an older one. Never rejects. */
  refetch(): Promise<Session | null>;
  /** Changes the user's name or phone (POST session) and keeps the answer. */
  update(data: SessionUpdate): Promise<Session | null>;
  /** Ends the server session, then marks the state unauthenticated. Rejects when the server refuses. */
  signOut(opts?: SignOutOptions): Promise<void>;
  /**
   * Where the user's own sign-out went (its callbackUrl, else "/"), until a
   * session is found again; null when the session was not ended by signOut.
   * A page that needs a session follows it, rather than sending the user to
   * sign in with "SessionRequired" as if the session had expired.
   */
  signedOutTo(): string | null;
  /** Starts the first fetch and the focus refetching; returns the way to stop listening. */
  connect(): () => void;
  /** Back to the state before the first fetch (tests). */
  reset(): void;
};

function stateOf(session: Session | null): SessionState {
  return session ? { status: 'authenticated', data: session } : { status: 'unauthenticated', data: null };
}

export function createSessionController(client: Pick<AuthClient, 'getSession' | 'update' | 'signOut'>): SessionController {
  const store = createStore<SessionState>(() => ({ status: 'loading', data: null }));
  let latest = 0;
  let inFlight = 0;
  let started = false;
  let listeners = 0;
  let signedOut: string | null = null;

  function keep(session: Session | null) {
    if (session) signedOut = null;
    store.setState(stateOf(session));
  }

  async function refetch(): Promise<Session | null> {
    const seq = ++latest;
    inFlight++;
    try {
      const session = await client.getSession();
      if (seq === latest) keep(session);
      return session;
    } catch (err) {
      // A failed first fetch counts as signed out; a failed refetch keeps
      // what was known, so a moment offline does not sign anyone out.
      if (seq === latest && store.getState().status === 'loading') store.setState(stateOf(null));
      console.warn('The session could not be fetched.', err);
      return store.getState().data;
    } finally {
      inFlight--;
    }
  }

  function onFocus() {
    if (document.visibilityState !== 'visible' || inFlight > 0) return;
    void refetch();
  }

  return {
    store,
    refetch,
    async update(data) {
      const session = await client.update(data);
      latest++; // an older fetch in flight must not undo this answer
      keep(session);
      return session;
    },
    async signOut({ callbackUrl, redirect } = {}) {
      const { url } = await client.signOut({ callbackUrl });
      signedOut = callbackUrl ?? '/';
      await redirect?.(url);
      latest++;
      store.setState(stateOf(null));
    },
    signedOutTo: () => signedOut,
    connect() {
      if (!started) {
        started = true;
        void refetch();
      }
      if (listeners++ === 0) {
        window.addEventListener('focus', onFocus);
        document.addEventListener('visibilitychange', onFocus);
      }
      return () => {
        if (--listeners === 0) {
          window.removeEventListener('focus', onFocus);
          document.removeEventListener('visibilitychange', onFocus);
        }
      };
    },
    reset() {
      latest++;
      started = false;
      signedOut = null;
      store.setState({ status: 'loading', data: null }, true);
    },
  };
}

export const sessions: Record<AuthRealm, SessionController> = {
  applicant: createSessionController(authClients.applicant),
  portal: createSessionController(authClients.portal),
};

export type UseSessionResult = SessionState & Pick<SessionController, 'update' | 'refetch' | 'signOut'>;

/** The realm's session: {status, data, update, refetch, signOut}, the same in every component. */
export function useSession(realm: AuthRealm): UseSessionResult {
  const controller = sessions[realm];
  const state = useStore(controller.store);
  useEffect(() => controller.connect(), [controller]);
  return useMemo(
    () => ({ ...state, update: controller.update, refetch: controller.refetch, signOut: controller.signOut }),
    [state, controller],
  );
}

export function useApplicantSession(): UseSessionResult {
  return useSession('applicant');
}

export function usePortalSession(): UseSessionResult {
  return useSession('portal');
}
