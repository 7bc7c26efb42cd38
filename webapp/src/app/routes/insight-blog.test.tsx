import { screen } from '@testing-library/react';

import { ok, renderAt, sandboxSystemInfo, stubTRPC } from '@/testing/test-utils';

import InsightBlogRoute from './insight-blog';

const items = [{ slug: 'cltv', title: 'What CLTV means', summary: 'One', author: 'Ana', publishedAt: '2026-01-05' }];

describe('/insight-blog', () => {
  it('without a post, lists the posts rather than saying “not found”', async () => {
    const { calls } = stubTRPC({ 'system.info': () => ok(sandboxSystemInfo), 'content.insights': () => ok({ items }) });
    renderAt('/insight-blog', <InsightBlogRoute />);
    expect(screen.getByRole('heading', { level: 1, name: 'Insights' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'What CLTV means' })).toHaveAttribute('href', '/insight-blog?slug=cltv');
    expect(screen.queryByText('We couldn’t find that article')).not.toBeInTheDocument();
    expect(calls).not.toContain('content.insight');
  });

  it('with a post, shows it', async () => {
    stubTRPC({
      'system.info': () => ok(sandboxSystemInfo),
      'content.insight': () => ok({ ...items[0], body: 'First paragraph.' }),
    });
    renderAt('/insight-blog?slug=cltv', <InsightBlogRoute />);
    expect(await screen.findByRole('heading', { level: 1, name: 'What CLTV means' })).toBeInTheDocument();
  });
});
