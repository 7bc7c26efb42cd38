import { EMAIL_PATTERN } from './validation';

describe('EMAIL_PATTERN', () => {
  it.each(['ana@example.com', 'a.b+heloc@mail.example.co.uk', 'x_y@sub-domain.org'])('accepts %s', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(true);
  });

  it.each(['', 'ana', 'ana@', '@example.com', 'ana@example', 'ana @example.com', 'ana@exa mple.com', 'ana@-example.com'])(
    'rejects %j',
    (email) => {
      expect(EMAIL_PATTERN.test(email)).toBe(false);
    },
  );
});
