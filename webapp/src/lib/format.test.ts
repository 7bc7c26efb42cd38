import { formatDate } from './format';

describe('formatDate', () => {
  it('reads yyyy-MM-dd as a UTC date', () => {
    expect(formatDate('2026-03-04')).toBe('March 4, 2026');
    expect(formatDate('2025-12-31')).toBe('December 31, 2025');
  });

  it('reads an RFC 3339 timestamp in UTC', () => {
    expect(formatDate('2026-11-03T14:00:00Z')).toBe('November 3, 2026');
    expect(formatDate('2026-11-03T23:30:00-05:00')).toBe('November 4, 2026');
  });

  it('returns anything else unchanged', () => {
    expect(formatDate('soon')).toBe('soon');
    expect(formatDate('2026-13-45T99:00:00Z')).toBe('2026-13-45T99:00:00Z');
  });
});
