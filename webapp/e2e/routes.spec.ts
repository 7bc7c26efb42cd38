import data from '../src/app/routes.json' with { type: 'json' };
import { expect, productName, seriousA11yViolations, test, viewports } from './support/fixtures';

/** Spec §6: the pages that need a session, and the sign-in page each sends a visitor to. */
function signInFor(path: string, area: string): { login: string; title: string } | null {
  // Every page of the portal's own area; its sign-in and invitation pages are in the login area.
  if (area === 'portal') return { login: '/portal/login', title: 'Staff sign in' };
  if (path.startsWith('/app/application/') || path === '/app/upload' || path === '/app/bank-statement') {
    return { login: '/app/login', title: 'Sign in' };
  }
  return null;
}

/** Pages that know a better title than their route's: /insight-blog without a post lists them all. */
const pageTitles: Record<string, string> = { '/insight-blog': 'Insights' };

test('every route in routes.json answers and renders its title; a signed-out visitor is asked to sign in where a session is needed', async ({ page }) => {
  test.setTimeout(300_000); // every route, one after another: more than 3 min beside other workers on a busy machine
  await page.goto('/');
  const product = await productName(page);
  const failures: string[] = [];

  for (const route of data.routes) {
    const response = await page.goto(route.path);
    if (response?.status() !== 200) failures.push(`${route.path}: HTTP ${response?.status()}`);
    const h1 = page.getByRole('heading', { level: 1 });
    const guarded = signInFor(route.path, route.area);
    try {
      if (guarded) {
        const query = new URLSearchParams({ error: 'SessionRequired', callbackUrl: route.path }).toString();
        await expect(page).toHaveURL(`${guarded.login}?${query}`);
      }
      await expect(h1).toHaveCount(1);
      await expect(h1).toBeVisible();
      await expect(page).toHaveTitle(`${guarded?.title ?? pageTitles[route.path] ?? route.title} | ${product}`, { timeout: 5_000 });
      await expect(page.locator('main')).toHaveCount(1);
    } catch (err) {
      failures.push(`${route.path}: ${(err as Error).message.split('\n')[0]}`);
    }
  }
  expect(failures, failures.join('\n')).toEqual([]);
});

// Issue 22 "Done when": axe finds no violation on any literal route at
// either width. Every route of routes.json, as a visitor arriving at it
// finds it: a page that needs a session shows its sign-in page, checked
// there (the signed-in pages are checked by the journeys that reach them).
for (const viewport of viewports) {
  test(`axe finds no serious WCAG 2.1 A/AA violation on any route in routes.json, ${viewport.name}`, async ({ page }) => {
    test.setTimeout(600_000); // about 75 pages, each analysed by axe
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const failures: string[] = [];
    for (const route of data.routes) {
      await page.goto(route.path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // What the page shows once its data has come, not its loading state.
      await page.waitForLoadState('networkidle');
      for (const v of await seriousA11yViolations(page)) failures.push(`${route.path}: ${v}`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });
}
