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
// history of page 4. A current job of 20 months alone falls short of the
// employment policy's window (two years, its table's): before Continue the
// page asks, in the policy's words, for the previous employer, Continue
// stays on page 4, and the server refuses the same section at the API. With
// the previous job added the time between the two jobs is asked about, still
// on page 4, and Continue goes on only once it is answered. Then business
// information and one other income; at a phone's width (390 px) the pages
// show what was saved, and taking the previous job away asks for it again.
// Against the real server: application.employment asks the employment
// policy about the employments as typed, and application.save refuses a
// history it finds incomplete.

const employment = '/app/application/4';
const business = '/app/application/business-information';
const otherIncome = '/app/application/other-income';
const phone = { width: 390, height: 844 };

/** The policy's words asking for the previous employer (rules/heloc/employment/tables/data.yaml). */
const previousEmployer = /Your jobs listed start in \w+ \d{4}\. Add your previous employer, so that your work history covers the last \d+ years\./;

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

/** yyyy-MM-01 of a month `back` months before now, as the page stores a start. */
function isoMonthsAgo(back: number): string {
  const [month, year] = monthsAgo(back).split('/');
  return `${year}-${month}-01`;
}

/**
 * application.save as the page sends it, from outside the page (its cookies,
 * not its console), answering the HTTP status and the refused fields.
 */
async function save(page: Page, path: string, section: object) {
  const res = await page.request.post('/api/trpc/application.save', {
    headers: { 'X-Same-Origin': '1', 'X-Recaptcha-Token': 'sandbox.api_update', Origin: new URL(page.url()).origin },
    data: { path, section },
  });
  const body = (await res.json()) as { error?: { data?: { fields?: { path: string; message: string }[] } } };
  return { status: res.status(), fields: body.error?.data?.fields ?? [] };
}

test('page 4 asks for a previous employer and about a gap before it goes on; then business information and other income', async ({ page }) => {
  requireRealServer();
  test.setTimeout(240_000);
  await page.setViewportSize(viewports[0]);
  await signInApplicant(page, 'self-employed@example.com');

  // Page 4: the current self-employment, 20 months old.
  await open(page, employment);
  const first = page.getByRole('group', { name: /^Employer 1/ });
  await fillEmployer(first, { name: 'Marino Design', position: 'Owner', start: monthsAgo(20), selfEmployed: true, base: '9500' });
  // Before Continue, the policy asks for the previous employer.
  const note = page.getByText(previousEmployer);
  await expect(note).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'application-employment-previous-employer');
  // Continue does not go on: the same words, now as the page's alert.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: previousEmployer })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${employment}$`));

  // The server refuses the same section at the API, in the same words.
  const refused = await save(page, employment, {
    employments: [
      {
        employerName: 'Marino Design', position: 'Owner', startDate: isoMonthsAgo(20), endDate: null, selfEmployedIndicator: true,
        ownershipInterestType: 'GreaterThanOrEqualTo25Percent', businessStructure: 'llc', base: 9500, dataSource: 'Manual',
      },
    ],
    employmentGaps: [],
  });
  expect(refused.status).toBe(400);
  expect(refused.fields).toEqual([{ path: 'section.employments', message: expect.stringMatching(previousEmployer) }]);

  // The previous job, which ended three months before this one began: a new
  // employer starts where the policy says (nothing ends yet: two years back).
  await page.getByRole('button', { name: 'Add an employer' }).click();
  const second = page.getByRole('group', { name: /^Employer 2/ });
  await expect(second.getByRole('textbox', { name: /Start date/ })).toHaveValue(/^\d{2}\/\d{4}$/);
  await fillEmployer(second, { name: 'Front Range Studio', position: 'Designer', start: monthsAgo(30), end: monthsAgo(23), selfEmployed: false, base: '5200' });
  // The window is covered; the gap between the two jobs is asked about, still on page 4.
  const question = page.getByRole('textbox', { name: /^What were you doing between/ });
  await expect(question).toBeVisible();
  await expect(note).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${employment}$`));
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'application-employment-gap');
  // Unanswered, Continue is refused beside the question.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(/^Tell us what you were doing between/)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${employment}$`));
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
  await page.setViewportSize(phone);
  await open(page, employment);
  await expect(page.getByRole('group', { name: 'Employer 1: Marino Design' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^What were you doing between/ })).toHaveValue('Moved to Denver and started the business');
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'application-employment');

  // Without the previous job the page asks for it again and does not go on.
  await page.getByRole('button', { name: /^Remove Employer 2/ }).click();
  await expect(note).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^What were you doing between/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: previousEmployer })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${employment}$`));
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'application-employment-previous-employer');
  // Added back, the gap's saved answer comes back with it, and the page goes on.
  await page.getByRole('button', { name: 'Add an employer' }).click();
  await fillEmployer(page.getByRole('group', { name: /^Employer 2/ }), {
    name: 'Front Range Studio', position: 'Designer', start: monthsAgo(30), end: monthsAgo(23), selfEmployed: false, base: '5200',
  });
  await expect(page.getByRole('textbox', { name: /^What were you doing between/ })).toHaveValue('Moved to Denver and started the business');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`${business}$`));

  await expect(page.getByRole('textbox', { name: /Years in business/ })).toHaveValue('7');
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'application-business-information');

  await open(page, otherIncome);
  await expect(page.getByRole('group', { name: 'Income 1: Royalties' }).getByRole('textbox', { name: 'Monthly amount' })).toHaveValue('$650');
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'application-other-income');
});
