import { screen } from '@testing-library/react';

import { renderAt } from '@/testing/test-utils';

import { InsightCard } from './insight-card';

describe('InsightCard', () => {
  it('shows an RFC 3339 publishedAt as a date, in UTC, inside <time dateTime>', () => {
    renderAt(
      '/',
      <InsightCard
        insight={{ slug: 'a', title: 'A post', summary: 'S', author: 'Maya Chen', publishedAt: '2026-11-03T14:00:00Z' }}
      />,
    );
    const time = screen.getByText('November 3, 2026');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2026-11-03T14:00:00Z');
    expect(screen.queryByText(/2026-11-03T14:00:00Z/)).not.toBeInTheDocument();
  });
});
