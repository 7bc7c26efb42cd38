import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { getResume } from '@/api/get-resume';
import { findRoute, paths } from '@/config/paths';
import { useDeleteSession } from '@/features/auth/api/delete-session';
import { takeFreshArrival } from '@/features/auth/lib/fresh-arrival';
import { usePrequalStore } from '@/features/prequal/stores/prequal-store';
import { useSession } from '@/lib/auth/session-store';

/**
 * Whether the resume rule is asked about a page: the applicant's pages
 * (everything but the portal), not the sign-in and error pages, which have
 * their own way on, and only literal routes.
 */
export function checksResume(path: string): boolean {
  const route = findRoute(path);
  return Boolean(route) && route!.area !== 'portal' && route!.area !== 'login' && route!.area !== 'error';
}

/**
 * Spec §2 "Resume redirect rule" and §4 "Auto sign-out", decided by the
 * server's routing.resume (data.heloc.routing.resume) on every navigation of
 * a signed-in applicant: `redirect` replaces the page with the loan's page;
 * `signOut` clears the prequal store, deletes the server session, signs out
 * and goes home. A failed automatic sign-out is only logged (spec §8).
 */
export function useResumeRedirect() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { status, signOut } = useSession('applicant');
  const deleteSession = useDeleteSession();
  const deleteRef = useRef(deleteSession.mutateAsync);
  deleteRef.current = deleteSession.mutateAsync;
  // The previous in-app path of this tab ("" on the first page, or when the
  // sign-in page marked this one as a fresh arrival).
  const trail = useRef({ current: '', previous: '' });
  const signingOut = useRef(false);

  useEffect(() => {
    if (trail.current.current !== pathname) {
      trail.current = { current: pathname, previous: takeFreshArrival() ? '' : trail.current.current };
    }
  }, [pathname]);

  useEffect(() => {
    if (status !== 'authenticated' || !checksResume(pathname)) return;
    const controller = new AbortController();
    const input = { path: pathname, previousPath: trail.current.previous };

    const autoSignOut = async () => {
      if (signingOut.current) return;
      signingOut.current = true;
      try {
        usePrequalStore.getState().reset();
        await deleteRef.current();
        // flushSync: the home page is on screen before the session turns
        // unauthenticated, so no page that needs one sees it first.
        await signOut({ callbackUrl: paths.home, redirect: () => navigate(paths.home, { replace: true, flushSync: true }) });
      } catch (err) {
        console.error('The automatic sign-out failed.', err);
      } finally {
        signingOut.current = false;
      }
    };

    getResume(input, { signal: controller.signal }).then(
      (res) => {
        if (controller.signal.aborted) return;
        if (res.action === 'redirect' && res.to && res.to !== pathname) void navigate(res.to, { replace: true });
        else if (res.action === 'signOut') void autoSignOut();
      },
      (err: unknown) => {
        if (!controller.signal.aborted) console.error('The resume check failed.', err);
      },
    );
    return () => controller.abort();
  }, [pathname, status, navigate, signOut]);
}
