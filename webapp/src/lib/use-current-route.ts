import { useLocation } from 'react-router';

import { findRoute, type RouteEntry } from '@/config/paths';

/** The routes.json entry of the page being shown, if it is a literal route. */
export function useCurrentRoute(): RouteEntry | undefined {
  return findRoute(useLocation().pathname);
}

/** The title routes.json gives the page being shown. */
export function useRouteTitle(fallback = ''): string {
  return useCurrentRoute()?.title ?? fallback;
}
