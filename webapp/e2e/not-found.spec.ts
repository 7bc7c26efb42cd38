import { expect, expectedConsoleError, screenshot, test } from './support/fixtures';

test('an unknown route shows the 404 page with a way home', async ({ page }) => {
  // The 404 this journey asserts: the browser logs the page's own status as a failed load.
  test.info().annotations.push(expectedConsoleError(/\/no-such-page: Failed to load resource: the server responded with a status of 404 \(Not Found\)$/));
  const response = await page.goto('/no-such-page');
  if (!process.env.E2E_MOCK_API) expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle(/^Page not found \| /);
  await screenshot(page, 'not-found');
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});
