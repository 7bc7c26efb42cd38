import { pickFiles } from './support/application';
import { requireRealServer } from './support/heloc';
import { freshEmail, persona } from './support/personas';
import { addCondition, allowSignInErrors, ready, signInAdmin, submitApplication } from './support/portal';
import { expect, expectNoSeriousA11yViolations, screenshot, test } from './support/fixtures';

// Issue 23 "Pages that keep up" and "No one is told", against the real
// server. A borrower like the prime persona submits and leaves their upload
// page open; an administrator, in a browser context of their own, sets a
// condition on the loan. Without a reload the borrower's page asks for the
// document, and the condition's letter is in the sandbox outbox. The
// borrower uploads it: their page no longer says "Needed from you", and the
// administrator's Conditions tab, not reloaded either, shows it answered.
// The administrator declines; the borrower's status page, open meanwhile,
// shows the decision and the notice whole with its PDF to download, and the
// decision's letter says the notice is attached.

// The pages ask again every 10 seconds (lib/keep-up.ts): a little more than that.
const KEEPS_UP = { timeout: 20_000 };

test('the borrower’s pages and the loan page show a condition, an upload and a decline without a reload; each person asked is e-mailed', async ({
  page,
  browser,
}) => {
  requireRealServer();
  test.setTimeout(360_000);
  allowSignInErrors();
  const email = freshEmail(persona('prime'));
  const loanId = await submitApplication(page, email);

  // The borrower's upload page, open: nothing asked of them yet.
  await page.goto('/app/upload');
  await ready(page);
  const request = page.getByRole('group', { name: /^Most recent mortgage statement for each lien/ });
  await expect(request).toHaveCount(0);

  // The administrator sets condition 303 on the loan.
  const staff = await signInAdmin(browser);
  await staff.goto(`/portal/loan?id=${loanId}&tab=conditions`);
  await ready(staff);
  await addCondition(staff, '303', /^303 · Most recent mortgage statement/, 'For the first lien, with the escrow breakdown.');
  const card = staff.getByRole('article').filter({ has: staff.getByRole('heading', { name: /^303 · / }) });
  await expect(card.getByText('Waiting for the borrower')).toBeVisible();

  // The borrower's page asks for it without a reload.
  await expect(request).toBeVisible(KEEPS_UP);
  const needs = page.getByRole('region', { name: 'What your loan team needs from you' });
  const asked = needs.getByRole('article', { name: /^Most recent mortgage statement/ });
  await expect(asked.getByText('Needed from you')).toBeVisible(KEEPS_UP);
  await expect(asked.getByText('For the first lien, with the escrow breakdown.')).toBeVisible();
  await screenshot(page, 'keeps-up-borrower-asked');

  // The request was e-mailed to the borrower: what, why, where.
  const outbox = await page.context().newPage();
  await outbox.goto('/dev/outbox');
  const letter = outbox.locator(`article[data-to="${email}"]`).filter({ hasText: 'your loan team needs something from you' });
  await expect(letter).toHaveCount(1);
  await expect(letter.locator('pre')).toContainText('Most recent mortgage statement');
  await expect(letter.locator('pre')).toContainText('Why: For the first lien, with the escrow breakdown.');
  await expect(letter.locator('pre')).toContainText('document upload page');
  await outbox.close();

  // The borrower uploads it: the page no longer says it is needed from them.
  await pickFiles(page, request.getByRole('button', { name: 'Upload a file' }), 1);
  await expect(request.getByRole('status').filter({ hasText: 'uploaded. Nothing is missing here now.' })).toBeVisible();
  await expect(asked.getByText('Needed from you')).toHaveCount(0);
  await expect(asked.getByText('Sent: in review')).toBeVisible();
  await expect(needs.getByText('You have answered every request.')).toBeVisible();
  await screenshot(page, 'keeps-up-borrower-uploaded');

  // The loan page, not reloaded, shows the answer.
  await expect(card.getByText('Answered: review it')).toBeVisible(KEEPS_UP);
  await expect(card.getByRole('link', { name: /\.png$/ })).toBeVisible();
  await screenshot(staff, 'keeps-up-portal-answered');

  // The borrower opens their status page; the administrator declines.
  await page.goto('/app/application/submitted');
  await ready(page);
  await expect(page.getByText('Submitted: in review')).toBeVisible();
  await staff.goto(`/portal/loan?id=${loanId}&tab=decision`);
  await ready(staff);
  const form = staff.getByRole('form', { name: 'Record a decision' });
  await form.getByRole('radiogroup', { name: 'Decision' }).getByRole('radio', { name: 'Decline' }).check();
  await form.getByRole('group', { name: /Principal reasons/ }).getByRole('checkbox', { name: 'Value or type of collateral not sufficient' }).check();
  await form.getByRole('button', { name: 'Record decision' }).click();
  await expect(staff.getByRole('region', { name: 'Record a decision' }).getByRole('status')).toHaveText('Decision recorded: Declined.');

  // The status page shows the decline and the notice whole, without a reload.
  const ours = page.getByRole('region', { name: 'Our decision', exact: true });
  await expect(ours).toBeVisible(KEEPS_UP);
  await expect(page.getByText('Declined', { exact: true })).toBeVisible();
  const notice = ours.getByRole('article', { name: 'Notice of action taken' });
  await expect(notice).toContainText('Value or type of collateral not sufficient');
  await expect(notice.getByRole('heading', { name: 'Equal Credit Opportunity Act notice' })).toBeVisible();
  const download = ours.getByRole('link', { name: 'Download the notice (PDF)' });
  await expect(download).toHaveAttribute('href', '/api/application/notice.pdf');
  const pdf = await page.request.get('/api/application/notice.pdf');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const body = (await pdf.body()).toString('latin1');
  expect(body.startsWith('%PDF-1.')).toBe(true);
  expect(body).toContain('(Value or type of collateral not sufficient)');
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'keeps-up-borrower-declined');

  // The decline's letter gives the reason and says the notice is attached.
  const mailbox = await page.context().newPage();
  await mailbox.goto('/dev/outbox');
  const decided = mailbox.locator(`article[data-to="${email}"]`).filter({ hasText: 'our decision on your application' });
  await expect(decided).toHaveCount(1);
  await expect(decided.locator('pre')).toContainText('- Value or type of collateral not sufficient');
  await expect(decided.locator('pre')).toContainText('attached to this e-mail as a PDF (notice-of-action-taken.pdf)');
  await mailbox.close();
  await staff.context().close();
});
