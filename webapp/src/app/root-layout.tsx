import { NavigationProgress, nprogress } from '@mantine/nprogress';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';

import { AccountControlProvider, type AccountControlProps } from '@/components/layouts/account-slot';
import { MAIN_CONTENT_ID } from '@/components/layouts/main-content';
import { PageLoader } from '@/components/layouts/page-loader';
import { SandboxBanner } from '@/components/layouts/sandbox-banner';
import { SkipLink } from '@/components/layouts/skip-link';
import { AccountControl } from '@/features/auth/components/account-control';
import { usePrequalStore } from '@/features/prequal/stores/prequal-store';

import { useResumeRedirect } from './use-resume-redirect';

/** The headers' account control; signing out also clears the prequal answers kept in this browser. */
function AppAccountControl(props: AccountControlProps) {
  return <AccountControl {...props} onSignedOut={() => usePrequalStore.getState().reset()} />;
}

/** The loading bar while the next page's code or data loads (spec §2 "Page chrome"). */
function useNavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  const started = useRef(false);
  useEffect(() => {
    if (busy) {
      nprogress.start();
      started.current = true;
    } else if (started.current) {
      nprogress.complete();
      started.current = false;
    }
  }, [busy]);
}

/** After a route change, focus moves to the new page's content and the view to its top. */
function useFocusOnNavigate() {
  const { pathname, search } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  }, [pathname, search]);
}

export function RootLayout() {
  useNavigationProgress();
  useFocusOnNavigate();
  useResumeRedirect();
  return (
    <AccountControlProvider value={AppAccountControl}>
      <NavigationProgress aria-label="Loading the page" />
      <SkipLink />
      <SandboxBanner />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </AccountControlProvider>
  );
}
