import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, type RouteObject } from 'react-router';

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

/**
 * Hydrates the prerendered page in root, or renders into an empty one
 * (index.html, served for addresses without a prerendered page).
 */
export async function startApp(root: HTMLElement, { hydrate }: { hydrate: boolean }): Promise<void> {
  if (!hydrate) {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    return;
  }
  const routes = buildRoutes();
  await loadFirstPage(routes);
  // As a transition, hydration yields to the browser between components
  // instead of holding the main thread until the whole page is done.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App router={createRouter(routes)} />
      </StrictMode>,
    );
  });
}
