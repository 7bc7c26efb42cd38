// The build-time renderer: each literal route's HTML, made once by
// scripts/prerender.mjs so a page paints before its JavaScript has run
// (architecture.md "Performance budgets"). It renders the same tree the
// browser hydrates (src/start-app.tsx): the app's providers around its
// router, the route's lazy layout and page already loaded, and lazy parts
// within the page (a funnel step's question page) waited for. Nothing here
// fetches: a query renders its loading or empty state, as on a first visit.

import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';

import { systemInfoQueryKey } from '@/api/get-system-info';
import type { SystemInfo } from '@/api/types';
import { routes } from '@/config/paths';
import { PRODUCT_NAME } from '@/config/product';
import { createQueryClient } from '@/lib/react-query';

import { AppProvider } from './app/provider';
import { buildRoutes } from './app/router';

export { routes };

/**
 * What the server's system.info says, as far as the page's markup depends
 * on it: whether the sandbox banner shows. The server puts its real answer
 * in the page (server/web/spa.go), so the browser's first render matches.
 */
function buildTimeSystemInfo(sandbox: boolean): SystemInfo {
  return {
    productName: PRODUCT_NAME,
    environment: 'development',
    sandbox,
    botCheck: { mode: sandbox ? 'sandbox' : 'recaptcha', siteKey: '' },
    policyRevision: '',
  };
}

/** The markup of the app at path, or null when the router answers with a redirect. */
export async function render(path: string, { sandbox }: { sandbox: boolean }): Promise<string | null> {
  const handler = createStaticHandler(buildRoutes());
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);

  const queryClient = createQueryClient();
  queryClient.setQueryDefaults(systemInfoQueryKey, { staleTime: Infinity, gcTime: Infinity });
  queryClient.setQueryData(systemInfoQueryKey, buildTimeSystemInfo(sandbox));

  // prerender (unlike renderToString) waits for what suspends, such as a
  // lazily loaded question page; something that never settles is cut off
  // and keeps its fallback. A part that throws is no page to send: React
  // would leave its Suspense boundary to the browser, which then reports
  // error #419 in every visitor's console ("window is not defined" on the
  // sign-in pages did, issue 22). The build fails instead, naming it.
  const errors: string[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        {/* No inline hydration script: the CSP allows scripts from 'self' only, and no route has a loader. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
    {
      signal: AbortSignal.timeout(10_000),
      // Every boundary inline, never outlined for streaming: completing an
      // outlined one takes an inline script, which the CSP refuses.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (err) => {
        errors.push(err instanceof Error ? (err.stack ?? err.message) : String(err));
      },
    },
  );
  queryClient.clear();
  if (errors.length > 0) throw new Error(`prerender ${path}: ${errors.join('\n')}`);
  return new Response(prelude).text();
}
