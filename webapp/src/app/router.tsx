import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';

import { PageLoader } from '@/components/layouts/page-loader';
import { paths, routes, type Area, type RouteEntry } from '@/config/paths';

import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error-boundary';

type LazyRoute = () => Promise<{ Component: ComponentType }>;

function lazyDefault(load: () => Promise<{ default: ComponentType }>): LazyRoute {
  return async () => ({ Component: (await load()).default });
}

function lazyNamed<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyRoute {
  return async () => ({ Component: (await load())[name] });
}

// Every page and layout is its own chunk, loaded when first needed.
const simpleLayout = lazyNamed(() => import('@/components/layouts/simple-layout'), 'SimpleLayout');
const funnelLayout = lazyNamed(() => import('@/features/prequal/components/funnel-layout'), 'FunnelLayout');

const layouts: Record<Area, LazyRoute> = {
  public: lazyNamed(() => import('@/components/layouts/public-layout'), 'PublicLayout'),
  login: lazyNamed(() => import('@/features/auth/components/auth-layout'), 'AuthLayout'),
  landing: funnelLayout,
  initialSetup: funnelLayout,
  prequal: funnelLayout,
  ineligible: simpleLayout,
  application: lazyNamed(() => import('@/features/application/components/application-layout'), 'ApplicationLayout'),
  standalone: simpleLayout,
  portal: lazyNamed(() => import('@/features/portal/components/portal-layout'), 'PortalLayout'),
  waitlist: simpleLayout,
  error: simpleLayout,
};

// Spec §6: the pages of these areas need a session; the check sits between
// the area's layout and its pages, so the header shows while it loads.
const requireApplicant = lazyNamed(() => import('@/features/auth/components/require-session'), 'RequireApplicantSession');
const sessionGuards: Partial<Record<Area, LazyRoute>> = {
  application: requireApplicant,
  standalone: requireApplicant,
  portal: lazyNamed(() => import('@/features/auth/components/require-session'), 'RequirePortalSession'),
};

const funnelStep = lazyDefault(() => import('./routes/funnel-step'));
const legal = lazyDefault(() => import('./routes/legal'));

/** Pages by area; the areas whose pages differ by path are listed by path below. */
const areaPages: Partial<Record<Area, LazyRoute>> = {
  login: lazyDefault(() => import('./routes/login')),
  landing: funnelStep,
  initialSetup: funnelStep,
  prequal: funnelStep,
  ineligible: lazyDefault(() => import('./routes/ineligible')),
  application: lazyDefault(() => import('./routes/application')),
  error: lazyDefault(() => import('./routes/error')),
};

const pathPages: Record<string, LazyRoute> = {
  [paths.home]: lazyDefault(() => import('./routes/home')),
  [paths.insights]: lazyDefault(() => import('./routes/insights')),
  [paths.insightBlog]: lazyDefault(() => import('./routes/insight-blog')),
  [paths.faq]: lazyDefault(() => import('./routes/faq')),
  [paths.privacyStatement]: legal,
  [paths.license]: lazyDefault(() => import('./routes/license')),
  [paths.eConsent]: legal,
  [paths.termsOfUse]: legal,
  [paths.upload]: lazyDefault(() => import('./routes/upload')),
  [paths.bankStatement]: lazyDefault(() => import('./routes/bank-statement')),
  [paths.coborrower]: lazyDefault(() => import('./routes/coborrower')),
  [paths.portal]: lazyDefault(() => import('./routes/portal')),
  [paths.portalLoan]: lazyDefault(() => import('./routes/portal-loan')),
  [paths.portalManageUsers]: lazyDefault(() => import('./routes/portal-manage-users')),
  [paths.portalAudit]: lazyDefault(() => import('./routes/portal-audit')),
  [paths.portalPolicyRevisions]: lazyDefault(() => import('./routes/portal-policy-revisions')),
  [paths.portalInvite]: lazyDefault(() => import('./routes/portal-invite')),
  [paths.joinWaitlist]: lazyDefault(() => import('./routes/join-waitlist')),
  [paths.prequalStart]: lazyDefault(() => import('./routes/prequal-start')),
};

export function pageFor(route: RouteEntry): LazyRoute | undefined {
  return pathPages[route.path] ?? areaPages[route.area];
}

function pageRoute(route: RouteEntry): RouteObject {
  const lazy = pageFor(route);
  if (!lazy) throw new Error(`No page for ${route.path}`);
  return route.path === '/' ? { index: true, lazy } : { path: route.path.slice(1), lazy };
}

const notFound: RouteObject = { path: '*', lazy: lazyDefault(() => import('./routes/not-found')) };

/** One layout route per area, each holding that area's pages from routes.json. */
export function buildRoutes(): RouteObject[] {
  const children = Object.entries(layouts).map(([area, lazy]): RouteObject => {
    const pages = routes.filter((r) => r.area === area).map(pageRoute);
    const guard = sessionGuards[area as Area];
    return {
      id: area,
      lazy,
      children: [
        ...(guard ? [{ id: `${area}-session`, lazy: guard, children: pages }] : pages),
        ...(area === 'public' ? [notFound] : []),
      ],
    };
  });
  return [
    {
      path: '/',
      Component: RootLayout,
      ErrorBoundary: RouteErrorBoundary,
      HydrateFallback: PageLoader,
      children,
    },
  ];
}

/** routes may come prepared: src/start-app.tsx loads the first page's lazy routes before hydrating its prerendered HTML. */
export function createRouter(routes: RouteObject[] = buildRoutes()) {
  return createBrowserRouter(routes);
}
