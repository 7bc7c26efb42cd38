import {
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  screenshot,
  test,
  trpcQuery,
  viewports,
} from './support/fixtures';

for (const viewport of viewports) {
  test.describe(`home page, ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('shows the hero, benefits and insights from the server', async ({ page }) => {
      await page.goto('/');
      const h1 = page.getByRole('heading', { level: 1 });
      await expect(h1).toBeVisible();
      await expect(h1).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 3, name: 'Pay interest only on what you use' })).toBeVisible();

      const { items } = await trpcQuery<{ items: { title: string; publishedAt: string }[] }>(page, 'content.insights');
      const teaser = page.getByRole('region', { name: 'Insights' });
      for (const item of items.slice(0, 3)) {
        await expect(teaser.getByRole('link', { name: item.title })).toBeVisible();
      }
      // publishedAt (RFC 3339) is shown as a date, read in UTC, in a <time>.
      const first = items[0]!;
      const time = teaser.locator('time').first();
      await expect(time).toHaveAttribute('datetime', first.publishedAt);
      await expect(time).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);

      for (const landmark of ['banner', 'main', 'contentinfo'] as const) {
        await expect(page.getByRole(landmark).first()).toBeAttached();
      }
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'home');
    });

    test('leads from the call to action to the landing funnel’s first question', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('link', { name: 'Check your rate' }).first().click();
      await expect(page).toHaveURL(/\/start\/name$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Let’s start with your name' })).toBeVisible();
    });
  });
}

test('the skip link is the first stop and moves focus to the content', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

test.describe('phone menu', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('opens to Insights, FAQ and Sign in, and closes after navigating', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Open menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' })).toBeHidden();
    await menu.click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Insights', 'FAQ', 'Sign in']) await expect(nav.getByRole('link', { name })).toBeVisible();
    await screenshot(page, 'home-menu');
    await nav.getByRole('link', { name: 'FAQ' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

test('an insight opens from the teaser, titled by the post', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  const { items } = await trpcQuery<{ items: { title: string }[] }>(page, 'content.insights');
  const first = items[0]!;
  await page.getByRole('region', { name: 'Insights' }).getByRole('link', { name: first.title }).click();
  await expect(page).toHaveURL(/\/insight-blog\?slug=/);
  await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${first.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| `));
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'insight-post');
});
