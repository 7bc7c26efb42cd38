import {
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  screenshot,
  test,
  trpcQuery,
  viewports,
} from './support/fixtures';

type FunnelSteps = { order: Record<string, number> };

// The initial-setup pages a step name stands for, as the app maps them.
const pageOfStep: Record<string, string> = {
  annualIncome: 'credit-income',
  propertyValue: 'property-value',
  mortgageEstimate: 'mortgage-estimate',
  hasFbm: 'has-fbm',
  isSelfEmployed: 'is-self-employed',
  creditRange: 'credit-range',
  zip: 'zip',
  propertyUsage: 'property-usage',
  creditScore: 'credit-score',
  coborrower: 'coborrower',
  mortgageBalance: 'mortgage-balance',
  previewOffer: 'preview-offer',
};

/** The flow the server's policy orders, worked out here independently of the app. */
async function expectedFlow(page: import('@playwright/test').Page) {
  const { order } = await trpcQuery<FunnelSteps>(page, 'funnel.steps');
  return Object.keys(pageOfStep)
    .filter((step) => order[step] !== undefined)
    .sort((a, b) => order[a]! - order[b]!)
    .map((step) => pageOfStep[step]!);
}

for (const viewport of viewports) {
  test.describe(`initial setup, ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('property-value shows its question and progress, and Continue goes on', async ({ page }) => {
      await page.goto('/app/initial-setup/property-value');
      await expect(page.getByRole('heading', { level: 1, name: 'What is your home worth?' })).toBeVisible();

      const flow = await expectedFlow(page);
      const index = flow.indexOf('property-value');
      expect(index, 'funnel.steps orders the property-value step').toBeGreaterThanOrEqual(0);
      await expect(page.getByText(`Step ${index + 1} of ${flow.length}`, { exact: true })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'initial-setup-property-value');

      await page.getByRole('link', { name: 'Continue' }).click();
      await expect(page).toHaveURL(new RegExp(`/app/initial-setup/${flow[index + 1]}$`));
      await expect(page.getByText(`Step ${index + 2} of ${flow.length}`, { exact: true })).toBeVisible();

      await page.getByRole('link', { name: 'Back' }).click();
      await expect(page).toHaveURL(/\/app\/initial-setup\/property-value$/);
    });
  });
}
