import type { Page } from '@playwright/test';

import { pickFiles } from './support/application';
import { requireRealServer } from './support/heloc';
import { freshEmail, persona } from './support/personas';
import { addCondition, ready, signInAdmin, submitApplication } from './support/portal';
import { expect, expectedConsoleError, expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshot, test, viewports } from './support/fixtures';

// Underwriting conditions end to end, against the real server (spec §9,
// issue 13). A borrower like the prime persona submits an application
// (the steps before submission through the procedures their pages call;
// each page has its own journey). An administrator made with `heloc admin
// create` opens the loan's Conditions tab and adds condition 303 (a
// mortgage statement), 104 (a question) and 108 (an e-mail). The borrower,
// whose application is otherwise read-only now, sees the mortgage statement
// asked on their upload page and uploads it, and answers the question on
// the submitted page; the e-mail is in the sandbox outbox. The
// administrator sees the upload and the answer, and clears 303: who and
// when are shown, and the borrower is no longer asked.

function conditionCard(staff: Page, code: string) {
  return staff.getByRole('article').filter({ has: staff.getByRole('heading', { name: new RegExp(`^${code} · `) }) });
}

test('staff add condition 303 to a submitted loan and the borrower uploads it; a question is answered; an e-mail goes out; staff clear the condition', async ({ page, browser }) => {
  requireRealServer();
  test.setTimeout(360_000);
  const email = freshEmail(persona('prime'));
  const loanId = await submitApplication(page, email);

  // The administrator opens the loan's Conditions tab and adds three conditions.
  const staff = await signInAdmin(browser);
  await staff.goto(`/portal/loan?id=${loanId}&tab=conditions`);
  await ready(staff);
  await expect(staff.getByRole('heading', { name: 'Add a condition' })).toBeVisible();
  await expect(staff.getByRole('heading', { name: 'Outstanding conditions (0)' })).toBeVisible();

  // The select finds a condition by its code and shows it with its label; a question shows the question.
  const form = staff.getByRole('form', { name: 'Add a condition' });
  await form.getByRole('combobox', { name: 'Condition' }).fill('104');
  await staff.getByRole('option', { name: /^104 · Letter of explanation for the name variations/ }).click();
  await expect(form.getByText('The question:')).toBeVisible();
  await expect(form.getByText('The borrower is asked this question and answers it in their own words.')).toBeVisible();
  await form.getByRole('button', { name: 'Add condition' }).click();
  await expect(form.getByRole('status')).toHaveText('Condition 104 added.');

  await addCondition(staff, '303', /^303 · Most recent mortgage statement/, 'For the first lien, with the escrow breakdown.');
  await addCondition(staff, '108', /^108 · Confirm by reply to our e-mail/);
  await expect(staff.getByRole('heading', { name: 'Outstanding conditions (3)' })).toBeVisible();
  await expect(conditionCard(staff, '303').getByText('Waiting for the borrower')).toBeVisible();
  await expect(conditionCard(staff, '108').getByText('E-mail sent: waiting')).toBeVisible();
  // Sent again at once, it is not: the e-mail went less than a minute ago.
  // The refusal this journey provokes and asserts: the browser logs the resend's 409.
  test.info().annotations.push(expectedConsoleError(/status of 409 \(Conflict\) \(http:\/\/[^/]+\/api\/trpc\/portal\.resendCondition\)$/));
  await conditionCard(staff, '108').getByRole('button', { name: 'Send the e-mail again' }).click();
  await expect(conditionCard(staff, '108').getByRole('status')).toHaveText('This request was e-mailed less than a minute ago. Try again in a minute.');
  await expectNoSeriousA11yViolations(staff);
  await screenshot(staff, 'conditions-portal-added');
  // The same cards at a phone's width.
  const desktop = staff.viewportSize()!;
  await staff.setViewportSize(viewports.find((v) => v.name === 'phone')!);
  await screenshot(staff, 'conditions-portal-added');
  await staff.setViewportSize(desktop);

  // The e-mail condition's message is in the sandbox outbox, to the borrower.
  const outbox = await page.context().newPage();
  await outbox.goto('/dev/outbox');
  const mail = outbox.locator(`article[data-to="${email}"]`).filter({ hasText: 'condition 108' });
  await expect(mail).toHaveCount(1);
  await expect(mail.locator('pre')).toContainText('no new credit has been opened');
  await outbox.close();

  // The borrower's upload page asks for the mortgage statement, though the application is submitted.
  await page.goto('/app/upload');
  const request = page.getByRole('group', { name: /^Most recent mortgage statement for each lien/ });
  await expect(request).toBeVisible();
  await expect(request.getByText('Requested by your loan team')).toBeVisible();
  await expect(request.getByRole('definition').nth(2)).toHaveText('1'); // missing
  await expect(page.getByText(/^Upload what your loan team asks for below\./)).toBeVisible();
  const needs = page.getByRole('region', { name: 'What your loan team needs from you' });
  await expect(needs.getByText('For the first lien, with the escrow breakdown.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'conditions-borrower-upload-asked');

  await pickFiles(page, request.getByRole('button', { name: 'Upload a file' }), 1);
  await expect(request.getByRole('status').filter({ hasText: 'uploaded. Nothing is missing here now.' })).toBeVisible();
  await expect(request.getByRole('definition').nth(2)).toHaveText('0');
  await expect(request.getByRole('list', { name: /^Uploaded files/ }).getByRole('listitem')).toHaveCount(1);
  // Submitted: the borrower's files stay, with no way to remove them.
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'conditions-borrower-uploaded');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The question, on the submitted page (where a submitted borrower lands).
  await page.goto('/app/application/submitted');
  const section = page.getByRole('region', { name: 'What your loan team needs from you' });
  const question = section.getByRole('article', { name: /^Letter of explanation for the name variations/ });
  await expect(question.getByText('Needed from you')).toBeVisible();
  await question.getByRole('button', { name: 'Send answer' }).click();
  await expect(question.getByRole('textbox', { name: 'Your answer' })).toHaveAccessibleDescription(/Write your answer/);
  await question.getByRole('textbox', { name: 'Your answer' }).fill('Pat Prime and Patricia Prime are both me: Pat is short for Patricia.');
  await question.getByRole('button', { name: 'Send answer' }).click();
  await expect(question.getByRole('status')).toHaveText('Thank you: your answer was sent to your loan team.');
  await expect(question.getByText('Sent: in review')).toBeVisible();
  await expect(section.getByRole('article', { name: /^Confirm by reply to our e-mail/ }).getByText('Check your e-mail')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'conditions-borrower-answered');

  // Staff see the upload and the answer, and clear 303: who and when are kept.
  await staff.reload();
  await ready(staff);
  const statement = conditionCard(staff, '303');
  await expect(statement.getByText('Answered: review it')).toBeVisible();
  await expect(statement.getByRole('link', { name: /\.png$/ })).toBeVisible();
  await expect(conditionCard(staff, '104').getByText('Pat is short for Patricia.', { exact: false })).toBeVisible();
  await statement.getByRole('button', { name: 'Clear condition' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Clear condition 303' });
  await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('Statement received; escrow matches.');
  await dialog.getByRole('button', { name: 'Clear condition' }).click();
  await expect(dialog).toBeHidden();
  await expect(staff.getByRole('heading', { name: 'Cleared and waived (1)' })).toBeVisible();
  await expect(conditionCard(staff, '303').getByText(/^Cleared by Ada Admin on .+: Statement received; escrow matches\.$/)).toBeVisible();
  await expect(staff.getByRole('heading', { name: 'Outstanding conditions (2)' })).toBeVisible();
  await expectNoSeriousA11yViolations(staff);
  await screenshot(staff, 'conditions-portal-cleared');

  // Cleared, the statement is no longer asked of the borrower.
  await page.goto('/app/upload');
  await expect(page.getByRole('group', { name: /^Most recent mortgage statement for each lien/ })).toHaveCount(0);
  await staff.context().close();
});
