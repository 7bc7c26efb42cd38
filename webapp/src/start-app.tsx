import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, type RouteObject } from 'react-router';

import { findRoute } from '@/config/paths';
import { PREQUAL_STORE_NAME } from '@/features/prequal/stores/prequal-store';

import { App } from './app';
import { buildRoutes, createRouter } from './app/router';

/**
 * Loads the lazy layout and page of the current address before the router
 * starts, so its first render is the page the server sent rather than the
 * loading state (which would replace the prerendered HTML and shift it).
 */
async function loadFirstPage(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

/** The areas whose pages are funnel-step's (src/app/router.tsx). */
const funnelAreas = new Set(['landing', 'initialSetup', 'prequal']);

/**
 * The areas whose pages show what the prequal store keeps: the funnel's
 * answers, and on an ineligible page the refusal's reasons
 * (features/prequal/components/outcome/remember-outcome.ts).
 */
const storeAreas = new Set([...funnelAreas, 'ineligible']);

/**
 * A funnel step's question page loads its code when first shown (one chunk
 * per page, src/app/routes/funnel-step.tsx). Loading it here, and waiting,
 * lets hydration render the page in the same pass as the rest, so no part
 * of the prerendered HTML is left inert (or later found to differ from data
 * that came meanwhile). A page whose code fails to load here is loaded
 * again by its route when rendered.
 */
async function loadFirstQuestionPage(): Promise<void> {
  const { funnelPages } = await import('./app/routes/funnel-step');
  const slug = window.location.pathname.split('/').filter(Boolean).pop() ?? '';
  await funnelPages[slug]?.load().catch(() => undefined);
}

/**
 * Whether this browser keeps prequalification answers (the prequal-store):
 * a funnel page shows them in its fields, and an ineligible page the
 * refusal's reasons, which its prerendered HTML, the same for everyone,
 * cannot; hydrating would keep the empty fields, or fail (React #418).
 */
function keepsAnswers(): boolean {
  try {
    return localStorage.getItem(PREQUAL_STORE_NAME) !== null;
  } catch {
    return false;
  }
}

/** Marks the page as running (html[data-app-ready]) once React has committed it: browser tests wait for it. */
function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return null;
}

/**
 * Hydrates the prerendered page in root, or renders into an empty one
 * (index.html, served for addresses without a prerendered page).
 */
export async function startApp(root: HTMLElement, { hydrate }: { hydrate: boolean }): Promise<void> {
  if (!hydrate) {
    createRoot(root).render(
      <StrictMode>
        <App />
        <AppReady />
      </StrictMode>,
    );
    return;
  }
  const routes = buildRoutes();
  const area = findRoute(window.location.pathname)?.area;
  const funnel = area !== undefined && funnelAreas.has(area);
  await Promise.all([loadFirstPage(routes), funnel ? loadFirstQuestionPage() : undefined]);
  // The prerendered page is its route without a query (scripts/prerender.mjs).
  // A query can change what the page shows (the sign-in page's ?mode=create
  // form and ?error= message, an invitation's token, a post's slug), and
  // hydrating different markup is React error #418 in the visitor's
  // console; such a page is rendered afresh in place as well (issue 22).
  if ((area !== undefined && storeAreas.has(area) && keepsAnswers()) || window.location.search !== '') {
    // Rendered afresh in place of the prerendered page, in one commit (its
    // code is loaded), so the answers show in their fields.
    createRoot(root).render(
      <StrictMode>
        <App router={createRouter(routes)} />
        <AppReady />
      </StrictMode>,
    );
    return;
  }
  // As a transition, hydration yields to the browser between components
  // instead of holding the main thread until the whole page is done.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App router={createRouter(routes)} />
        <AppReady />
      </StrictMode>,
    );
  });
}
