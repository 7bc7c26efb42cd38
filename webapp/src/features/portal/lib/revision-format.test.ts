import { decidedUnderWords, explainedWords, publishedWords, todayWords } from './revision-format';

const a = 'a'.repeat(64);
const b = 'b'.repeat(64);

describe('how the portal words a policy revision', () => {
  it('names the revision that decided, with its publisher, or as never published', () => {
    expect(decidedUnderWords(a, null)).toBe('Decided under revision aaaaaaaaaaaa (never published).');
    expect(
      decidedUnderWords(b, { action: 'publish', author: 'ana@example.com', publishedAt: '2026-11-22T15:04:05Z', effectiveAt: '2026-11-23T00:00:00Z' }),
    ).toBe('Decided under revision bbbbbbbbbbbb (published by ana@example.com on November 22, 2026).');
    expect(publishedWords({ action: 'rollback', author: 'ana@example.com', publishedAt: '2026-11-24T09:00:00Z', effectiveAt: '2026-11-24T09:00:00Z' })).toBe(
      'made live again by ana@example.com on November 24, 2026',
    );
  });

  it('says whether today’s rules would decide otherwise', () => {
    expect(todayWords(a, b, true)).toBe('Today’s rules (revision bbbbbbbbbbbb) would decide otherwise.');
    expect(todayWords(a, b, false)).toBe('Today’s rules (revision bbbbbbbbbbbb) decide the same.');
    expect(todayWords(a, a, null)).toBe('Today’s rules are this same revision.');
  });

  it('says whose rules explain the decision', () => {
    expect(explainedWords(a, a)).toMatch(/^The rules and table values above are those of revision aaaaaaaaaaaa, which made this decision/);
    expect(explainedWords(a, b)).toMatch(/not on file: the rules and table values above are today’s \(revision bbbbbbbbbbbb\)/);
  });
});
