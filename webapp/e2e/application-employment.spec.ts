import type { Page } from '@playwright/test';

import { requireRealServer } from './support/heloc';
import { fillEmployer, monthsAgo } from './support/application';
import { signInApplicant } from './support/sign-in';
import {
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  screenshot,
  test,
  viewports,
} from './support/fixtures';

// The self-employed persona (fixtures/personas.json) fills the employment
// history of page 4 with two employers and a gap between them, answers the
// gap's question, then business information and one other income; at a
// phone's width the same pages show what was saved. Against the real
// server: application.save validates and stores each page, and
// application.employment finds the gap with the employment policy.

const employment = '/app/application/4';
const business = '/app/application/business-information';
const otherIncome = '/app/application/other-income';

/**
 * Goes to an application page as a person does, by its link in the section
 * stepper (on phones behind "Show all sections"): a typed address is sent
 * to the loan's resume page by the resume rule.
 */
async function open(page: Page, path: string) {
  if (page.viewportSize()!.width < 1000) {
    const toggle = page.getByRole('button', { name: 'Show all sections' });
    if (await toggle.isVisible()) await toggle.click();
  }
  const nav = page.getByRole('navigation', { name: 'Application sections' });
  await nav.locator(`a[href="${path}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test('the self-employed persona fills employment history with a gap, business information and other income', async ({ page }) => {
  requireRealServer();
  test.setTimeout(180_000);
  await page.setViewportSize(viewports[0]);
  await signInApplicant(page, 'self-employed@example.com');

  // Page 4: the current self-employment, then an earlier job that ended
  // four months before it began.
  await open(page, employment);
  const first = page.getByRole('group', { name: /^Employer 1/ });
  await fillEmployer(first, { name: 'Marino Design', position: 'Owner', start: monthsAgo(10), selfEmployed: true, base: '9500' });
  // A new employer starts where the policy says (nothing ends yet: two years back).
  await page.getByRole('button', { name: 'Add an employer' }).click();
  const second = page.getByRole('group', { name: /^Employer 2/ });
  await expect(second.getByRole('textbox', { name: /Start date/ })).toHaveValue(/^\d{2}\/\d{4}$/);
  await fillEmployer(second, { name: 'Front Range Studio', position: 'Designer', start: monthsAgo(30), end: monthsAgo(15), selfEmployed: false, base: '5200' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`${business}$`));

  // Back on page 4, the policy's gap between the two jobs is asked about.
  await open(page, employment);
  const question = page.getByRole('textbox', { name: /^What were you doing between/ });
  await expect(question).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'application-employment-gap');
  // Unanswered, Continue is refused beside the question.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(/^Tell us what you were doing between/)).toBeVisible();
  await question.fill('Moved to Denver and started the business');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`${business}$`));

  // Business information starts from the self-employment.
  await expect(page.getByRole('textbox', { name: 'Business name', exact: true })).toHaveValue('Marino Design');
  await page.getByRole('textbox', { name: 'Business phone' }).fill('7205550199');
  await page.getByRole('textbox', { name: 'Business street address' }).fill('1600 Market St');
  await page.getByRole('textbox', { name: 'City' }).fill('Denver');
  await page.getByRole('textbox', { name: /^State/ }).fill('CO');
  await page.getByRole('textbox', { name: 'ZIP code' }).fill('80202');
  await page.getByRole('textbox', { name: /Years in business/ }).fill('7');
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'application-business-information');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`${otherIncome}$`));

  // One other income.
  await page.getByRole('button', { name: 'Add an income' }).click();
  const income = page.getByRole('group', { name: /^Income 1/ });
  await income.getByRole('combobox', { name: 'Kind of income' }).selectOption('Royalties');
  await income.getByRole('textbox', { name: 'Monthly amount' }).fill('650');
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'application-other-income');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).not.toHaveURL(new RegExp(`${otherIncome}$`));

  // Phone: each page shows what was saved, without sideways scrolling.
  await page.setViewportSize(viewports[1]);
  await open(page, employment);
  await expect(page.getByRole('group', { name: 'Employer 1: Marino Design' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^What were you doing between/ })).toHaveValue('Moved to Denver and started the business');
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'application-employment');

  await open(page, business);
  await expect(page.getByRole('textbox', { name: /Years in business/ })).toHaveValue('7');
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'application-business-information');

  await open(page, otherIncome);
  await expect(page.getByRole('group', { name: 'Income 1: Royalties' }).getByRole('textbox', { name: 'Monthly amount' })).toHaveValue('$650');
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'application-other-income');
});
