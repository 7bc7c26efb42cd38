import { formatDollars } from '@/lib/format';

import { dateToIso, dollarsOf, expandYear, hideSsn, isoToDate, maskDate, maskSsn, maskZip, showDollars } from './masks';

describe('masks (spec §5)', () => {
  it('shows a date as MM/DD/YYYY while it is typed', () => {
    expect(maskDate('0')).toBe('0');
    expect(maskDate('031')).toBe('03/1');
    expect(maskDate('03141')).toBe('03/14/1');
    expect(maskDate('03/14/1985')).toBe('03/14/1985');
    expect(maskDate('031419851')).toBe('03/14/1985');
    expect(maskDate('ab03-14')).toBe('03/14');
  });

  it('stores a complete date as yyyy-MM-dd, a two-digit year as 20xx, and nothing before it is complete', () => {
    expect(dateToIso('03/14/1985')).toBe('1985-03-14');
    expect(dateToIso('03/04/26')).toBe('2026-03-04');
    expect(expandYear('03/04/26')).toBe('03/04/2026');
    expect(expandYear('03/04/2026')).toBe('03/04/2026');
    expect(dateToIso('03/14/198')).toBeNull();
    expect(dateToIso('')).toBeNull();
    // The numbers are the schema's to judge.
    expect(dateToIso('13/45/2026')).toBe('2026-13-45');
    expect(isoToDate('1985-03-14')).toBe('03/14/1985');
    expect(isoToDate(null)).toBe('');
  });

  it('shows an SSN as ddd-dd-dddd while typed and only its last four once left', () => {
    expect(maskSsn('12')).toBe('12');
    expect(maskSsn('1234')).toBe('123-4');
    expect(maskSsn('123456789')).toBe('123-45-6789');
    expect(maskSsn('123-45-67891')).toBe('123-45-6789');
    expect(hideSsn('123456789')).toBe('***-**-6789');
    expect(hideSsn('12345')).toBe('123-45');
  });

  it('keeps the 5 digits of a ZIP code and shows dollars with $ and separators', () => {
    expect(maskZip('94a110-1234')).toBe('94110');
    expect(formatDollars(1250000)).toBe('$1,250,000');
    expect(formatDollars(0)).toBe('$0');
  });

  it('stores a money field as whole dollars, and anything but digits as typed for the schema to refuse', () => {
    expect(dollarsOf('$1,250,000')).toBe(1250000);
    expect(dollarsOf(' 480000 ')).toBe(480000);
    expect(dollarsOf('')).toBeNull();
    expect(dollarsOf('$')).toBeNull();
    expect(dollarsOf('abc12x')).toBe('abc12x');
    expect(dollarsOf('12.50')).toBe('12.50');
    expect(dollarsOf('-5')).toBe('-5');
    expect(dollarsOf('99999999999999999999')).toBe('99999999999999999999');
    expect(showDollars(480000)).toBe('$480,000');
    expect(showDollars('abc')).toBe('abc');
    expect(showDollars(null)).toBe('');
  });
});
