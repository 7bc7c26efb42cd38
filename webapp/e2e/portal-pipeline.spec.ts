import type { Page } from '@playwright/test';

import { createAdmin, createPortalUser, requireRealServer, uniqueEmail, type CreatedAdmin } from './support/heloc';
import { signInPortal } from './support/portal';
import { freshTotp } from './support/totp';
import { expect, expectedConsoleError, expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshot, test } from './support/fixtures';

// The portal's pipeline and loan page against the real server and its demo
// loans (fixtures/personas.json): an administrator searches the pipeline,
// opens a loan, assigns its loan officer and reads the borrower's data; a
// partner cannot open a loan until it carries their tag.

const password = 'correct horse battery staple';

/** A portal user of any role, with a partner tag when given. */
function createUser(email: string, role: string, firstName: string, lastName: string, loanOfficerTag = ''): CreatedAdmin {
  return createPortalUser({ email, password, role, firstName, lastName, loanOfficerTag });
}

async function signIn(page: Page, user: CreatedAdmin) {
  await signInPortal(page, user.email, password, () => freshTotp(user.totpSecret));
}

test('an administrator searches the pipeline, opens a loan, assigns its loan officer and reads the borrower masked', async ({ page }) => {
  requireRealServer();
  test.setTimeout(120_000);
  const admin = createAdmin(uniqueEmail('admin'), password);
  const lo = createUser(uniqueEmail('lee'), 'loanOfficer', 'Lee', 'Officer');
  await signIn(page, admin);

  await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText([
    /Borrower/, /Property state/, /Line amount/, /Status/, /Days since last activity/, /Loan officer/, /Processor/,
  ]);
  // The demo's prime borrower (other journeys make more borrowers of her name, with other e-mails,
  // and may push her loan off the first page of latest activity).
  const demoRow = table.getByRole('row').filter({ hasText: 'prime@example.com' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'portal-pipeline');

  // Sorting by a column says so to assistive technology, and keeps the URL.
  await table.getByRole('button', { name: 'Borrower' }).click();
  await expect(page).toHaveURL(/sort=name&dir=asc/);
  await expect(table.getByRole('columnheader', { name: /Borrower/ })).toHaveAttribute('aria-sort', 'ascending');

  // Search by the start of a last name, then by e-mail.
  const search = page.getByRole('textbox', { name: 'Search by name or e-mail' });
  // (The run's other journeys add borrowers; the demo's are the ones of known e-mail.)
  await search.fill('benn');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/q=benn/);
  await expect(table.getByRole('row').filter({ hasNotText: /Borrower|Bennett/ })).toHaveCount(0);
  await search.fill('prime@example.com');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(demoRow).toContainText('Olivia Bennett');
  await expect(demoRow).toContainText('CA');
  // Other journeys move the demo loan along, so its status is read, not assumed.
  const demoStatus = (await demoRow.getByRole('cell').nth(3).innerText()).trim();
  await search.fill('nobody-at-all@');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('No loans match your search and filters.')).toBeVisible();
  await screenshot(page, 'portal-pipeline-empty');
  await page.getByRole('button', { name: 'Clear search and filters' }).click();
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: demoStatus });
  await expect(page).toHaveURL(/status=/);
  await search.fill('prime@example.com');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(demoRow).toBeVisible();
  await expect(table.getByRole('row').filter({ hasNotText: 'Borrower' }).filter({ hasNotText: demoStatus })).toHaveCount(0);

  // The phone shows each loan as a card, without sideways scrolling.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.getByRole('list', { name: 'Loans' }).getByRole('listitem').filter({ hasText: 'prime@example.com' }).getByRole('link', { name: 'Olivia Bennett' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'portal-pipeline');
  await page.setViewportSize({ width: 1280, height: 800 });

  await demoRow.getByRole('link', { name: 'Olivia Bennett' }).click();
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

  // The loan team's notes: a note added on the Summary tab is listed first, with its author.
  const noteText = `Called the borrower about the appraisal (${Date.now().toString(36)})`;
  await page.getByRole('textbox', { name: 'Add a note', exact: true }).fill(noteText);
  await page.getByRole('button', { name: 'Add note' }).click();
  const notes = page.getByRole('list', { name: 'Notes, newest first' });
  await expect(notes.getByRole('listitem').first()).toContainText(noteText);
  await expect(page.getByRole('textbox', { name: 'Add a note', exact: true })).toHaveValue('');
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'portal-loan-notes');

  // The pipeline shows the new loan officer, and filters by them.
  await page.getByRole('link', { name: '← Back to the pipeline' }).click();
  await page.getByRole('combobox', { name: 'Loan officer' }).selectOption({ label: 'Lee Officer' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('Lee Officer');
  await demoRow.getByRole('link', { name: 'Olivia Bennett' }).click();

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

test('a partner cannot open a loan without their tag, and can once the loan carries it', async ({ page, browser, baseURL }) => {
  requireRealServer();
  // The refusal this journey provokes and asserts: the browser logs the loan's 403 for the partner without the tag.
  test.info().annotations.push(expectedConsoleError(/status of 403 \(Forbidden\) \(http:\/\/[^/]+\/api\/trpc\/portal\.loan\?/));
  test.setTimeout(120_000);
  const tag = `acme-${Date.now().toString(36)}`;
  const admin = createAdmin(uniqueEmail('admin'), password);
  const partner = createUser(uniqueEmail('pat'), 'partner', 'Pat', 'Partner', tag);

  await signIn(page, admin);
  const search = page.getByRole('textbox', { name: 'Search by name or e-mail' });
  await search.fill('trust@');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/q=trust%40|q=trust@/);
  // The demo's trust persona (other journeys make borrowers of her name with other e-mails).
  const link = page.getByRole('table').getByRole('row').filter({ hasText: 'trust@example.com' }).getByRole('link', { name: 'Eleanor Whitfield' });
  const loanPath = await link.getAttribute('href');
  expect(loanPath).toMatch(/^\/portal\/loan\?id=[0-9a-f]{32}$/);

  const partnerContext = await browser.newContext({ baseURL });
  const partnerPage = await partnerContext.newPage();
  await signIn(partnerPage, partner);
  await expect(partnerPage.getByText('There are no loans to show yet.')).toBeVisible();
  // A partner's role opens the pipeline and the loans assigned to them: no other page is offered.
  await expect(partnerPage.getByRole('navigation', { name: 'Portal' }).getByRole('link')).toHaveText(['Pipeline']);
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
