import { NamePage } from '@/features/prequal/components/questions/name';

import { funnelPages } from './funnel-step';

describe('funnelPages', () => {
  it('loads a question page ahead of rendering it, once, and keeps it for a render that does not suspend', async () => {
    const name = funnelPages['name']!;
    const first = name.load();
    expect(name.load()).toBe(first);
    await expect(first).resolves.toBe(NamePage);
    // What the route renders from then on: the page itself, not its lazy loader.
    expect(name.loaded).toBe(NamePage);
  });

  it('shares one page between the funnels that ask the same question', () => {
    expect(funnelPages['credit-check']).toBe(funnelPages['credit-score']);
    expect(funnelPages['mortgage-select']).toBe(funnelPages['mortgage-balance']);
  });
});
