import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { ok, renderAt, stubTRPC } from '@/testing/test-utils';

import { InsightList } from './insight-list';

const items = [
  { slug: 'a', title: 'First post', summary: 'One', author: 'Ana', publishedAt: '2026-01-05' },
  { slug: 'b', title: 'Second post', summary: 'Two', author: 'Ben', publishedAt: '2026-02-06' },
];

describe('InsightList', () => {
  it('lists the insights the server returns, linking to each post', async () => {
    stubTRPC({ 'content.insights': () => ok({ items }) });
    renderAt('/insights', <InsightList />);
    const link = await screen.findByRole('link', { name: 'First post' });
    expect(link).toHaveAttribute('href', '/insight-blog?slug=a');
    expect(screen.getByText('January 5, 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Second post' })).toBeInTheDocument();
  });

  it('shows only the first few as a teaser', async () => {
    stubTRPC({ 'content.insights': () => ok({ items }) });
    renderAt('/', <InsightList limit={1} />);
    expect(await screen.findByRole('link', { name: 'First post' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Second post' })).not.toBeInTheDocument();
  });

  it('says so when there is nothing yet', async () => {
    stubTRPC({ 'content.insights': () => ok({ items: [] }) });
    renderAt('/insights', <InsightList />);
    expect(await screen.findByText(/No insights have been published yet/)).toBeInTheDocument();
  });

  it('offers to try again after a failure', async () => {
    let fail = true;
    stubTRPC({
      'content.insights': () =>
        fail
          ? { status: 500, body: { error: { message: 'Internal error.', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } } } }
          : ok({ items }),
    });
    renderAt('/insights', <InsightList />);
    expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t load our insights');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'First post' })).toBeInTheDocument();
  });
});
