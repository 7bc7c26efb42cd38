import type { RouteObject } from 'react-router';

import { AREAS, routes } from '@/config/paths';

import { buildRoutes, pageFor } from './router';

/** The literal paths of the pages under these routes, at any depth (the 404 page left out). */
function pagePaths(list: RouteObject[]): string[] {
  return list.flatMap((r) => [
    ...(r.index ? ['/'] : r.path && r.path !== '*' ? [`/${r.path}`] : []),
    ...pagePaths(r.children ?? []),
  ]);
}

describe('router', () => {
  it('has a page module for every route in routes.json', async () => {
    for (const route of routes) {
      const lazy = pageFor(route);
      expect(lazy, route.path).toBeDefined();
      const { Component } = await lazy!();
      expect(typeof Component, route.path).toBe('function');
    }
  });

  it('nests every route under its area’s layout, with the 404 page among the public ones', () => {
    const [root] = buildRoutes();
    const layouts = root!.children!;
    expect(layouts.map((l) => l.id).sort()).toEqual([...AREAS].sort());
    expect(pagePaths(layouts).sort()).toEqual(routes.map((r) => r.path).sort());
    expect(layouts.find((l) => l.id === 'public')!.children!.some((c) => c.path === '*')).toBe(true);
  });

  it('puts the pages that need a session behind the check of their realm (spec §6)', async () => {
    const layouts = buildRoutes()[0]!.children!;
    const guarded = { application: 'RequireApplicantSession', standalone: 'RequireApplicantSession', portal: 'RequirePortalSession' };
    for (const [area, name] of Object.entries(guarded)) {
      const layout = layouts.find((l) => l.id === area)!;
      expect(layout.children, area).toHaveLength(1);
      const guard = layout.children![0]!;
      const { Component } = await (guard.lazy as () => Promise<{ Component: { name: string } }>)();
      expect(Component.name, area).toBe(name);
      expect(pagePaths([guard]).sort(), area).toEqual(routes.filter((r) => r.area === area).map((r) => r.path).sort());
    }
    for (const area of ['public', 'login', 'initialSetup', 'prequal', 'ineligible', 'error']) {
      const layout = layouts.find((l) => l.id === area)!;
      expect(layout.children!.every((c) => c.path !== undefined || c.index), area).toBe(true);
    }
  });
});
