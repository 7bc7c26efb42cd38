import { describe, expect, it } from 'vitest';

import { formatAmount, loanPath, personName } from './loan-format';

describe('loan-format', () => {
  it('writes a line in whole dollars, or says there is none', () => {
    expect(formatAmount(175000)).toBe('$175,000');
    expect(formatAmount(null)).toBe('No offer yet');
  });

  it('names a loan page by its id in the query', () => {
    expect(loanPath('abc')).toBe('/portal/loan?id=abc');
  });

  it('names a person, or falls back to the e-mail', () => {
    expect(personName({ firstName: 'Lee', lastName: 'Officer', email: 'lee@example.com' })).toBe('Lee Officer');
    expect(personName({ firstName: '', lastName: '', email: 'lee@example.com' })).toBe('lee@example.com');
  });
});
