import data from '../src/app/routes.json' with { type: 'json' };
import { expect, productName, seriousA11yViolations, test, viewports } from './support/fixtures';

/** Spec §6: the pages that need a session, and the sign-in page each sends a visitor to. */
function signInFor(path: string, area: string): { login: string; title: string } | null {
  // Every page of the portal's own area; its sign-in and invitation pages are in the login area.
  if (area === 'portal') return { login: '/portal/login', title: 'Staff sign in' };
  // The coborrower's own page (issue 23) is theirs to reach in their own sign-in.
  if (path.startsWith('/app/application/') || path === '/app/upload' || path === '/app/bank-statement' || path === '/app/coborrower') {
    return { login: '/app/login', title: 'Sign in' };
  }
  return null;
}

/**
 * Pages that know a better title than their route's: /insight-blog without
 * a post lists them all; /prequal goes on to the path's first page.
 */
const pageTitles: Record<string, string> = { '/insight-blog': 'Insights', '/prequal': 'Property address' };

/**
 * A guarded route shows its sign-in page with the same "sign in to go on"
 * alert whichever route sent the visitor there, so axe analyses that page
 * once per width, on the first guarded route of each sign-in page; every
 * guarded route is still checked for its redirect and its title.
 */
const analysedSignIn = new Set<string>();
const routes = data.routes.map((route) => {
  const guarded = signInFor(route.path, route.area);
  const axe = !guarded || !analysedSignIn.has(guarded.login);
  if (guarded) analysedSignIn.add(guarded.login);
  return { ...route, guarded, axe };
});

/** The routes in slices, each a test of its own, so that the workers share them. */
const SLICES = 4;
const slices = Array.from({ length: SLICES }, (_, i) => routes.filter((_, j) => j % SLICES === i));

// Every route of routes.json at both widths, as a visitor arriving at it
// finds it: it answers 200, renders one h1, one main and its title, and a
// page that needs a session sends a signed-out visitor to its sign-in page.
// Issue 22 "Done when": axe finds no serious violation on any literal route
// at either width, on what the page shows once its data has come (the
// signed-in pages are checked by the journeys that reach them).
for (const viewport of viewports) {
  slices.forEach((slice, i) => {
    test(`every route answers, renders its title and has no serious WCAG 2.1 A/AA violation, ${viewport.name}, ${i + 1} of ${SLICES}`, async ({ page }) => {
      test.setTimeout(240_000); // about 19 pages, most analysed by axe, beside other workers on a busy machine
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto('/');
      const product = await productName(page);
      const failures: string[] = [];
      for (const route of slice) {
        const response = await page.goto(route.path);
        if (response?.status() !== 200) failures.push(`${route.path}: HTTP ${response?.status()}`);
        const h1 = page.getByRole('heading', { level: 1 });
        try {
          if (route.guarded) {
            const query = new URLSearchParams({ error: 'SessionRequired', callbackUrl: route.path }).toString();
            await expect(page).toHaveURL(`${route.guarded.login}?${query}`);
          }
          await expect(h1).toHaveCount(1);
          await expect(h1).toBeVisible();
          await expect(page).toHaveTitle(`${route.guarded?.title ?? pageTitles[route.path] ?? route.title} | ${product}`, { timeout: 5_000 });
          await expect(page.locator('main')).toHaveCount(1);
        } catch (err) {
          failures.push(`${route.path}: ${(err as Error).message.split('\n')[0]}`);
          continue;
        }
        if (!route.axe) continue;
        // What the page shows once its data has come, not its loading state.
        await page.waitForLoadState('networkidle');
        for (const v of await seriousA11yViolations(page)) failures.push(`${route.path}: ${v}`);
      }
      expect(failures, failures.join('\n')).toEqual([]);
    });
  });
}
