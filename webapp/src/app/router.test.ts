import { AREAS, routes } from '@/config/paths';

import { buildRoutes, pageFor } from './router';

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
    const count = layouts.reduce((n, l) => n + l.children!.filter((c) => c.path !== '*').length, 0);
    expect(count).toBe(routes.length);
    expect(layouts.find((l) => l.id === 'public')!.children!.some((c) => c.path === '*')).toBe(true);
  });
});
