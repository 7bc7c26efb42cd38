import { NavigationProgress, nprogress } from '@mantine/nprogress';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';

import { MAIN_CONTENT_ID } from '@/components/layouts/main-content';
import { PageLoader } from '@/components/layouts/page-loader';
import { SandboxBanner } from '@/components/layouts/sandbox-banner';
import { SkipLink } from '@/components/layouts/skip-link';

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
  return (
    <>
      <NavigationProgress aria-label="Loading the page" />
      <SkipLink />
      <SandboxBanner />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </>
  );
}
