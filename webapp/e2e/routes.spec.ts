import data from '../src/app/routes.json' with { type: 'json' };
import { expect, productName, test } from './support/fixtures';

test('every route in routes.json answers and renders its title', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  const product = await productName(page);
  const failures: string[] = [];

  for (const route of data.routes) {
    const response = await page.goto(route.path);
    if (response?.status() !== 200) failures.push(`${route.path}: HTTP ${response?.status()}`);
    const h1 = page.getByRole('heading', { level: 1 });
    try {
      await expect(h1).toHaveCount(1);
      await expect(h1).toBeVisible();
      await expect(page).toHaveTitle(`${route.title} | ${product}`, { timeout: 5_000 });
      await expect(page.locator('main')).toHaveCount(1);
    } catch (err) {
      failures.push(`${route.path}: ${(err as Error).message.split('\n')[0]}`);
    }
  }
  expect(failures, failures.join('\n')).toEqual([]);
});
