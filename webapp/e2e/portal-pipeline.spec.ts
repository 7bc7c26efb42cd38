import { execFileSync } from 'node:child_process';

import type { Page } from '@playwright/test';

import { createAdmin, requireRealServer, uniqueEmail, type CreatedAdmin } from './support/heloc';
import { freshTotp } from './support/totp';
import { expect, expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshot, test } from './support/fixtures';

// The portal's pipeline and loan page against the real server and its demo
// loans (fixtures/personas.json): an administrator searches the pipeline,
// opens a loan, assigns its loan officer and reads the borrower's data; a
// partner cannot open a loan until it carries their tag.

const password = 'correct horse battery staple';

/** `heloc admin create` for any role, with a partner tag when given. */
function createPortalUser(email: string, role: string, first: string, last: string, tag = ''): CreatedAdmin {
  const out = execFileSync(
    process.env.HELOC_BIN!,
    [
      'admin', 'create', '--email', email, '--first-name', first, '--last-name', last, '--role', role,
      ...(tag ? ['--loan-officer-tag', tag] : []), '--password-stdin', '--json',
    ],
    { input: `${password}\n`, env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR!, APP_ENV: 'development' }, encoding: 'utf8', timeout: 30_000 },
  );
  return JSON.parse(out) as CreatedAdmin;
}

async function signInPortal(page: Page, user: CreatedAdmin) {
  await page.goto('/portal/login');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(user.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('textbox', { name: 'Authenticator code' }).fill(await freshTotp(user.totpSecret));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/portal$/);
}

test('an administrator searches the pipeline, opens a loan, assigns its loan officer and reads the borrower masked', async ({ page }) => {
  requireRealServer();
  test.setTimeout(120_000);
  const admin = createAdmin(uniqueEmail('admin'), password);
  const lo = createPortalUser(uniqueEmail('lee'), 'loanOfficer', 'Lee', 'Officer');
  await signInPortal(page, admin);

  await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText([
    /Borrower/, /Property state/, /Line amount/, /Status/, /Days since last activity/, /Loan officer/, /Processor/,
  ]);
  await expect(table.getByRole('link', { name: 'Olivia Bennett' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'portal-pipeline');

  // Sorting by a column says so to assistive technology, and keeps the URL.
  await table.getByRole('button', { name: 'Borrower' }).click();
  await expect(page).toHaveURL(/sort=name&dir=asc/);
  await expect(table.getByRole('columnheader', { name: /Borrower/ })).toHaveAttribute('aria-sort', 'ascending');

  // Search by the start of a last name, then by e-mail.
  const search = page.getByRole('textbox', { name: 'Search by name or e-mail' });
  await search.fill('benn');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/q=benn/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('prime@example.com');
  await expect(table.getByRole('row').nth(1)).toContainText('CA');
  await search.fill('nobody-at-all@');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('No loans match your search and filters.')).toBeVisible();
  await screenshot(page, 'portal-pipeline-empty');
  await page.getByRole('button', { name: 'Clear search and filters' }).click();
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Application 3' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('Olivia Bennett');

  // The phone shows each loan as a card, without sideways scrolling.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.getByRole('list', { name: 'Loans' }).getByRole('link', { name: 'Olivia Bennett' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'portal-pipeline');
  await page.setViewportSize({ width: 1280, height: 800 });

  await table.getByRole('link', { name: 'Olivia Bennett' }).click();
  await expect(page).toHaveURL(/\/portal\/loan\?id=[0-9a-f]{32}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Olivia Bennett' })).toBeVisible();
  for (const tab of ['Summary', 'Borrower', 'Documents', 'Conditions', 'Decisions', 'Audit']) {
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Loan team', exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Loan officer' }).selectOption({ label: `Lee Officer (${lo.email})` });
  await page.getByRole('button', { name: 'Save loan team' }).click();
  await expect(page.getByText('The loan team is saved.')).toBeVisible();
  const team = page.locator('section', { has: page.getByRole('heading', { name: 'Loan team', exact: true }) });
  await expect(team.getByRole('definition').first()).toHaveText(`Lee Officer (${lo.email})`);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'portal-loan-summary');

  // The pipeline shows the new loan officer, and filters by them.
  await page.getByRole('link', { name: '← Back to the pipeline' }).click();
  await page.getByRole('combobox', { name: 'Loan officer' }).selectOption({ label: 'Lee Officer' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('Lee Officer');
  await table.getByRole('link', { name: 'Olivia Bennett' }).click();

  // The borrower's sensitive fields are masked until shown, one at a time.
  await page.getByRole('tab', { name: 'Borrower' }).click();
  await expect(page).toHaveURL(/tab=borrower/);
  await expect(page.getByRole('heading', { level: 2, name: /^Borrower: Olivia/ })).toBeVisible();
  await expect(page.getByTestId('value-borrower.ssn')).toHaveText(/^\*\*\*-\*\*-\d{4}$|^Not given$/);
  const income = page.getByTestId('value-borrower.statedAnnualIncome');
  await expect(income).toHaveText('$*****');
  await page.getByRole('button', { name: 'Show annual income stated at prequalification' }).click();
  await expect(income).toHaveText('$210,000');
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'portal-loan-borrower');
  await page.getByRole('button', { name: 'Hide annual income stated at prequalification' }).click();
  await expect(income).toHaveText('$*****');

  await page.getByRole('tab', { name: 'Documents' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Borrower' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Missing' }).first()).toBeVisible();
  await screenshot(page, 'portal-loan-documents');

  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole('tab', { name: 'Summary' }).click();
  await expect(page.getByRole('heading', { name: 'Loan team', exact: true })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'portal-loan-summary');
});

test('a partner cannot open a loan without their tag, and can once the loan carries it', async ({ page, browser }) => {
  requireRealServer();
  test.setTimeout(120_000);
  const tag = `acme-${Date.now().toString(36)}`;
  const admin = createAdmin(uniqueEmail('admin'), password);
  const partner = createPortalUser(uniqueEmail('pat'), 'partner', 'Pat', 'Partner', tag);

  await signInPortal(page, admin);
  const search = page.getByRole('textbox', { name: 'Search by name or e-mail' });
  await search.fill('trust@');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const link = page.getByRole('table').getByRole('link', { name: 'Eleanor Whitfield' });
  const loanPath = await link.getAttribute('href');
  expect(loanPath).toMatch(/^\/portal\/loan\?id=[0-9a-f]{32}$/);

  const partnerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const partnerPage = await partnerContext.newPage();
  await signInPortal(partnerPage, partner);
  await expect(partnerPage.getByText('There are no loans to show yet.')).toBeVisible();
  await partnerPage.goto(loanPath!);
  await expect(partnerPage.getByRole('heading', { level: 1, name: 'You cannot open this application' })).toBeVisible();
  await expect(partnerPage.getByText('This loan is not assigned to you.')).toBeVisible();
  await screenshot(partnerPage, 'portal-loan-refused');

  // The administrator tags the loan with the partner's tag.
  await page.goto(loanPath!);
  await page.getByRole('textbox', { name: 'Partner tag' }).fill(tag);
  await page.getByRole('button', { name: 'Save loan team' }).click();
  await expect(page.getByText('The loan team is saved.')).toBeVisible();

  await partnerPage.reload();
  await expect(partnerPage.getByRole('heading', { level: 1, name: 'Eleanor Whitfield' })).toBeVisible();
  // A partner follows the loan read-only: no assigning, no decisions, no audit.
  await expect(partnerPage.getByRole('button', { name: 'Save loan team' })).toHaveCount(0);
  await expect(partnerPage.getByRole('tab', { name: 'Decisions' })).toHaveCount(0);
  await expect(partnerPage.getByRole('tab', { name: 'Audit' })).toHaveCount(0);
  await screenshot(partnerPage, 'portal-loan-partner');
  await partnerPage.goto('/portal');
  await expect(partnerPage.getByRole('table').getByRole('row')).toHaveCount(2);
  await expect(partnerPage.getByRole('table').getByRole('link', { name: 'Eleanor Whitfield' })).toBeVisible();
  await partnerContext.close();
});
