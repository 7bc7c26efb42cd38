import data from '../src/app/routes.json' with { type: 'json' };
import { expect, screenshot, test, viewports } from './support/fixtures';

// A picture of every route at both widths, for a person to look over:
// E2E_SCREENSHOTS=1 npm run e2e -- route-screenshots
test.skip(process.env.E2E_SCREENSHOTS !== '1', 'set E2E_SCREENSHOTS=1 to take a screenshot of every route');

for (const viewport of viewports) {
  test(`every route, ${viewport.name}`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const route of data.routes) {
      await page.goto(route.path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await screenshot(page, `route${route.path === '/' ? '-home' : route.path.replaceAll('/', '-')}`);
    }
  });
}
