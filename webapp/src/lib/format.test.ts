import { formatDate, formatPhone, phoneDigits } from './format';

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

describe('formatPhone', () => {
  it('builds (ddd) ddd-dddd up as digits are typed', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone('5')).toBe('(5');
    expect(formatPhone('555')).toBe('(555');
    expect(formatPhone('5551')).toBe('(555) 1');
    expect(formatPhone('555123')).toBe('(555) 123');
    expect(formatPhone('5551234')).toBe('(555) 123-4');
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
  });

  it('reads any formatting, drops a leading country code 1 and stops at 10 digits', () => {
    expect(formatPhone('555.123.4567')).toBe('(555) 123-4567');
    expect(formatPhone('+1 555 123 4567')).toBe('(555) 123-4567');
    expect(formatPhone('555123456789')).toBe('(555) 123-4567');
    expect(phoneDigits('(555) 123-4567')).toBe('5551234567');
  });
});
