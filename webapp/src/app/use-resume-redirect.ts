import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { getResume } from '@/api/get-resume';
import { findRoute, paths } from '@/config/paths';
import { useDeleteSession } from '@/features/auth/api/delete-session';
import { takeFreshArrival, takeReturn } from '@/features/auth/lib/fresh-arrival';
import { usePrequalStore } from '@/features/prequal/stores/prequal-store';
import { useSession } from '@/lib/auth/session-store';
import { useSignOut } from '@/lib/auth/use-sign-out';

/**
 * Whether the resume rule is asked about a page: the applicant's pages
 * (everything but the portal), not the sign-in and error pages, which have
 * their own way on, and only literal routes. /prequal, the /prequal path's
 * way in, only leads on to the path's first page: the rule is asked there,
 * where arriving through /prequal is arriving fresh (routing's leads_on);
 * asked on /prequal too, its redirect and the way in's own could cross.
 */
export function checksResume(path: string): boolean {
  const route = findRoute(path);
  return Boolean(route) && route!.area !== 'portal' && route!.area !== 'login' && route!.area !== 'error' && route!.path !== paths.prequalStart;
}

/** The id of the welcome-back notice: one at a time. */
export const WELCOME_BACK_ID = 'welcome-back';

/**
 * Issue 22 "Welcome back": the borrower who has just signed in again is
 * told where they are, by the page's title, once the resume check has
 * placed them (a toast, spec §2: bottom-left). It stays 15 seconds, or
 * until closed.
 */
export function welcomeBack(path: string) {
  const title = findRoute(path)?.title;
  notifications.show({
    id: WELCOME_BACK_ID,
    title: 'Welcome back',
    message: title ? `You were at “${title}”. Pick up where you left off.` : 'Pick up where you left off.',
    color: 'harbor',
    autoClose: 15_000,
    // A toast's message is dimmed grey by default: 3.3:1 on white, too pale to read (WCAG AA).
    styles: { description: { color: 'var(--mantine-color-text)' } },
  });
}

/**
 * Spec §2 "Resume redirect rule" and §4 "Auto sign-out", decided by the
 * server's routing.resume (data.heloc.routing.resume) on every navigation of
 * a signed-in applicant: `redirect` replaces the page with the loan's page;
 * `signOut` clears the prequal store, then ends the session as the Sign out
 * button does (useSignOut: what the page is fetching is abandoned, the
 * server session deleted, signed out, home). A failed automatic sign-out
 * is only logged (spec §8).
 */
export function useResumeRedirect() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { status } = useSession('applicant');
  const signOut = useSignOut('applicant');
  const deleteSession = useDeleteSession();
  const deleteRef = useRef(deleteSession.mutateAsync);
  deleteRef.current = deleteSession.mutateAsync;
  // The previous in-app path of this tab ("" on the first page, or when the
  // sign-in page marked this one as a fresh arrival).
  const trail = useRef({ current: '', previous: '' });
  const signingOut = useRef(false);
  // Whether the applicant has just signed in again: the page the resume
  // check leaves them on says so (welcomeBack).
  const returning = useRef(false);

  useEffect(() => {
    if (trail.current.current !== pathname) {
      trail.current = { current: pathname, previous: takeFreshArrival() ? '' : trail.current.current };
      if (takeReturn()) returning.current = true;
    }
  }, [pathname]);

  useEffect(() => {
    if (status !== 'authenticated') return;
    const arrived = () => {
      if (!returning.current) return;
      returning.current = false;
      welcomeBack(pathname);
    };
    if (!checksResume(pathname)) {
      arrived();
      return;
    }
    const controller = new AbortController();
    const input = { path: pathname, previousPath: trail.current.previous };

    const autoSignOut = async () => {
      if (signingOut.current) return;
      signingOut.current = true;
      try {
        usePrequalStore.getState().reset();
        await signOut(paths.home, () => deleteRef.current());
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
        else arrived();
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        console.error('The resume check failed.', err);
        arrived();
      },
    );
    return () => controller.abort();
  }, [pathname, status, navigate, signOut]);
}
