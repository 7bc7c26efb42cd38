import { screen } from '@testing-library/react';

import { ok, renderAt, stubTRPC } from '@/testing/test-utils';

import { InsightPost, paragraphs } from './insight-post';

const post = {
  slug: 'cltv',
  title: 'What is CLTV?',
  summary: 'Every loan against the value.',
  author: 'Ana',
  publishedAt: '2026-03-04',
  body: 'First paragraph.\n\nSecond paragraph\nstill second.\n\n\nThird.',
};

it('splits a body into paragraphs at blank lines', () => {
  expect(paragraphs(post.body)).toEqual(['First paragraph.', 'Second paragraph\nstill second.', 'Third.']);
});

describe('InsightPost', () => {
  it('shows the post with its one h1', async () => {
    stubTRPC({ 'content.insight': (input) => ((input as { slug: string }).slug === 'cltv' ? ok(post) : ok(null)) });
    renderAt('/insight-blog?slug=cltv', <InsightPost slug="cltv" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'What is CLTV?' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('Third.')).toBeInTheDocument();
  });

  it('shows the not-found state for NOT_FOUND', async () => {
    stubTRPC({
      'content.insight': () => ({
        status: 404,
        body: { error: { message: 'No such insight.', code: -32004, data: { code: 'NOT_FOUND', httpStatus: 404, path: 'content.insight' } } },
      }),
    });
    renderAt('/insight-blog?slug=gone', <InsightPost slug="gone" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'We couldn’t find that article' })).toBeInTheDocument();
  });

  it('does not ask the server without a slug', () => {
    const { calls } = stubTRPC({});
    renderAt('/insight-blog', <InsightPost slug="" />);
    expect(screen.getByRole('heading', { level: 1, name: 'We couldn’t find that article' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
