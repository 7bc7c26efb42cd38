import { formatDate, formatDateTime, formatMonth, formatPhone, formatTime, phoneDigits } from './format';

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

describe('the other date formats', () => {
  it('gives a day’s month in UTC', () => {
    expect(formatMonth('2026-03-01')).toBe('March 2026');
    expect(formatMonth('later')).toBe('later');
  });

  it('gives a moment with its time of day, in three lengths, and nothing without one', () => {
    const at = '2026-11-27T15:04:05Z';
    const local = new Date(at);
    expect(formatDateTime(at)).toBe(local.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }));
    expect(formatDateTime(at, 'medium')).toBe(local.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' }));
    expect(formatDateTime(at, 'long')).toBe(local.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' }));
    expect(formatDateTime(null)).toBe('');
    expect(formatTime(local)).toBe(local.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }));
  });

  it('gives today as the UTC day', () => {
    expect(formatDate(new Date(Date.UTC(2026, 10, 27, 23, 0)))).toBe('November 27, 2026');
  });
});
