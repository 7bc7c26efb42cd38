import { safeCallbackPath, sessionRequiredPath } from './callback-url';

const origin = 'https://heloc.example';

describe('safeCallbackPath', () => {
  it.each([
    ['/app/application/3', '/app/application/3'],
    ['/app/upload?doc=w2#top', '/app/upload?doc=w2#top'],
    ['https://heloc.example/portal/manage-users', '/portal/manage-users'],
  ])('follows %s', (value, path) => {
    expect(safeCallbackPath(value, origin)).toBe(path);
  });

  it.each([null, '', 'https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'app/login', '/app/login', '/portal/login?x=1'])(
    'refuses %j',
    (value) => {
      expect(safeCallbackPath(value, origin)).toBeNull();
    },
  );
});

describe('sessionRequiredPath', () => {
  it('points at the realm’s sign-in page with error=SessionRequired and the way back', () => {
    expect(sessionRequiredPath('applicant', '/app/application/1')).toBe('/app/login?error=SessionRequired&callbackUrl=%2Fapp%2Fapplication%2F1');
    expect(sessionRequiredPath('portal', '/portal')).toBe('/portal/login?error=SessionRequired&callbackUrl=%2Fportal');
  });
});
