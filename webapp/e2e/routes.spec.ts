import data from '../src/app/routes.json' with { type: 'json' };
import { expect, productName, test } from './support/fixtures';

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
