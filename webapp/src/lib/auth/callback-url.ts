import { paths } from '@/config/paths';

import type { AuthRealm } from './auth-client';

/**
 * The callbackUrl of a sign-in link as a path on this site, or null. Only a
 * same-origin path is followed, so a link cannot send someone elsewhere
 * after signing in (an open redirect). The sign-in pages call it while
 * rendering, which the build also does (src/entry-server.tsx, without a
 * window): the page's own origin is read only when there is a callbackUrl
 * to check, never for the sign-in page without one.
 */
export function safeCallbackPath(value: string | null | undefined, origin?: string): string | null {
  const raw = value?.trim();
  // A path, or an absolute http(s) URL; "//host" and "/\host" are other origins to a browser.
  if (!raw || !/^(\/(?![/\\])|https?:\/\/)/i.test(raw)) return null;
  origin ??= window.location.origin;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  // Back to a sign-in page would only ask again.
  if (url.pathname === paths.appLogin || url.pathname === paths.portalLogin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page of a realm. */
export function loginPath(realm: AuthRealm): string {
  return realm === 'portal' ? paths.portalLogin : paths.appLogin;
}

/** The sign-in page a page that needs a session sends someone to (spec §6 "SessionRequired"). */
export function sessionRequiredPath(realm: AuthRealm, callbackPath: string): string {
  const params = new URLSearchParams({ error: 'SessionRequired', callbackUrl: callbackPath });
  return `${loginPath(realm)}?${params.toString()}`;
}
