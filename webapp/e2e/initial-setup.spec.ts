import type { components } from '../src/api/schema.gen';
import { requireRealServer } from './support/heloc';
import {
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  screenshot,
  test,
  trpcQuery,
  viewports,
} from './support/fixtures';

type FunnelPages = components['schemas']['PagesResult'];

for (const viewport of viewports) {
  test.describe(`initial setup, ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('property-value shows its question and the progress the policy decides, and Continue goes on', async ({ page }) => {
      requireRealServer();
      await page.goto('/app/initial-setup/property-value');
      await expect(page.getByRole('heading', { level: 1, name: 'What is your home worth?' })).toBeVisible();

      // What the server's funnel policy says about this page, asked directly.
      const here = await trpcQuery<FunnelPages>(page, 'funnel.pages', { path: '/app/initial-setup/property-value' });
      expect(here.pages.findIndex((p) => p.state === 'current'), 'funnel.pages marks property-value current').toBeGreaterThanOrEqual(0);
      // One progress from the name to the preview offer: the policy counts the journey (the landing funnel's two pages first).
      const { step, of: total } = here.progress!;
      expect(step).toBe(3);
      await expect(page.getByText(`Step ${step} of ${total}`, { exact: true })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'initial-setup-property-value');

      // A visitor without an account answers into the browser's prequal-store.
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(page.getByRole('textbox', { name: 'Estimated home value' })).toHaveAttribute('aria-invalid', 'true');
      await page.getByRole('textbox', { name: 'Estimated home value' }).pressSequentially('640000');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${here.next!.path}$`));
      await expect(page.getByText(`Step ${step + 1} of ${total}`, { exact: true })).toBeVisible();

      await page.getByRole('link', { name: 'Back' }).click();
      await expect(page).toHaveURL(/\/app\/initial-setup\/property-value$/);
      await expect(page.getByRole('textbox', { name: 'Estimated home value' })).toHaveValue('$640,000');
    });
  });
}
