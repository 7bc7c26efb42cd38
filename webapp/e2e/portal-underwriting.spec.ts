import type { Page } from '@playwright/test';

import { requireRealServer } from './support/heloc';
import { freshEmail, persona } from './support/personas';
import { allowSignInErrors, bothWidths, ready, signInUnderwriter, submitApplication } from './support/portal';
import {
  expect,
  expectedConsoleError,
  expectNoSeriousA11yViolations,
  test,
  trpcQuery,
} from './support/fixtures';

// Issue 23: an underwriter decides a submitted application on its loan
// page's Decision tab, against the rules, and the borrower sees the
// decision on their own submitted page. A borrower like the prime persona
// submits (the steps before submission through the procedures their pages
// call); an underwriter (a portal user of that role, made with `heloc admin
// create --role underwriter`) signs in in a browser context of their own.

type Credit = { offer: { eligible: boolean; minLine: number; maxLine: number; requestedLine: number | null } | null };

const dollars = (n: number) => `$${n.toLocaleString('en-US')}`;

async function openDecision(uw: Page, loanId: string) {
  await uw.goto(`/portal/loan?id=${loanId}&tab=decision`);
  await ready(uw);
  await expect(uw.getByRole('heading', { name: 'Credit decision' })).toBeVisible();
  await expect(uw.getByText('No decision yet.')).toBeVisible();
  return uw.getByRole('form', { name: 'Record a decision' });
}

test('an underwriter approves a submitted application with a lower line, refused first above the rules’ maximum; the borrower sees the new terms', async ({
  page,
  browser,
}) => {
  requireRealServer();
  test.setTimeout(360_000);
  allowSignInErrors();
  // The refusal of a line above the maximum is the server's 400, on purpose.
  test.info().annotations.push(expectedConsoleError(/\/portal\/loan\?id=[0-9a-f]+&tab=decision: Failed to load resource: the server responded with a status of 400/));
  const loanId = await submitApplication(page, freshEmail(persona('prime')));
  const uw = await signInUnderwriter(browser);
  const form = await openDecision(uw, loanId);

  const { offer } = await trpcQuery<Credit>(uw, 'portal.credit', { loanId });
  expect(offer?.eligible).toBe(true);
  const asked = offer!.requestedLine ?? offer!.maxLine;
  const line = Math.max(offer!.minLine, Math.round((asked - 10_000) / 1000) * 1000);
  expect(line).toBeLessThan(asked);

  const decision = form.getByRole('radiogroup', { name: 'Decision' });
  await decision.getByRole('radio', { name: 'Approve with final terms' }).check();
  const lineField = form.getByRole('textbox', { name: 'Approved line' });
  await expect(lineField).toHaveAccessibleDescription(
    new RegExp(`The rules allow \\${dollars(offer!.minLine)} to \\${dollars(offer!.maxLine)} on this application’s figures`),
  );
  // Above the rules' maximum: refused at the field, in the rules' words.
  await lineField.fill(String(offer!.maxLine + 5_000));
  await form.getByRole('button', { name: 'Record decision' }).click();
  await expect(lineField).toHaveAccessibleDescription(new RegExp(`The rules allow at most \\${dollars(offer!.maxLine)}`));
  await expect(lineField).toHaveAttribute('aria-invalid', 'true');

  await lineField.fill(String(line));
  await form.getByRole('textbox', { name: 'Note for the file (optional)' }).fill('Income verified; line lowered to keep DTI comfortable.');
  await form.getByRole('button', { name: 'Record decision' }).click();
  await expect(uw.getByRole('region', { name: 'Record a decision' }).getByRole('status')).toHaveText('Decision recorded: Approved.');
  const recorded = uw.getByRole('region', { name: 'Credit decision' });
  await expect(recorded.getByText('Approved', { exact: true })).toBeVisible();
  await expect(recorded.getByText(`Line: ${dollars(line)}`)).toBeVisible();
  await expectNoSeriousA11yViolations(uw);
  await bothWidths(uw, 'portal-underwriting-approved');

  // The borrower's own page: approved, with the new line's terms.
  await page.goto('/app/application/submitted');
  const ours = page.getByRole('region', { name: 'Our decision', exact: true });
  await expect(ours).toBeVisible();
  await expect(page.getByText('Approved', { exact: true })).toBeVisible();
  const terms = ours.getByRole('table', { name: 'Your terms' });
  await expect(terms.getByRole('row', { name: /Line of credit/ })).toContainText(dollars(line));
  await expect(terms.getByRole('row', { name: /APR/ })).toContainText('%');
  // What is left after the review: conditions, the appraisal and closing.
  const next = page.getByRole('region', { name: 'What happens next' });
  await expect(next.getByRole('heading', { level: 3, name: 'Closing' })).toBeVisible();
  await expect(next.getByRole('heading', { level: 3, name: 'Review' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await bothWidths(page, 'borrower-approved');
});

test('an underwriter declines with a reason; the borrower sees the decision and the notice’s reason, and the pipeline shows the loan as Declined', async ({
  page,
  browser,
}) => {
  requireRealServer();
  test.setTimeout(360_000);
  const email = freshEmail(persona('prime'));
  allowSignInErrors();
  // The refusal of a decline without reasons is the server's 400, on purpose.
  test.info().annotations.push(expectedConsoleError(/\/portal\/loan\?id=[0-9a-f]+&tab=decision: Failed to load resource: the server responded with a status of 400/));
  const loanId = await submitApplication(page, email);
  const uw = await signInUnderwriter(browser);
  const form = await openDecision(uw, loanId);

  await form.getByRole('radiogroup', { name: 'Decision' }).getByRole('radio', { name: 'Decline' }).check();
  const reasons = form.getByRole('group', { name: /Principal reasons \(at most 4\)/ });
  // No reason given: refused at the reasons.
  await form.getByRole('button', { name: 'Record decision' }).click();
  await expect(form.getByText('Choose at least one reason for the decline.')).toBeVisible();
  await expect(reasons.getByRole('checkbox').first()).toHaveAttribute('aria-invalid', 'true');

  await reasons.getByRole('checkbox', { name: 'Value or type of collateral not sufficient' }).check();
  await form.getByRole('button', { name: 'Record decision' }).click();
  await expect(uw.getByRole('region', { name: 'Record a decision' }).getByRole('status')).toHaveText('Decision recorded: Declined.');
  const recorded = uw.getByRole('region', { name: 'Credit decision' });
  await expect(recorded.getByText('Declined', { exact: true })).toBeVisible();
  await expect(recorded.getByText(/Adverse-action notice made .*giving one reason/)).toBeVisible();
  // The decline closed the application: no other decision is offered, and the keyboard stays in the section.
  const section = uw.getByRole('region', { name: 'Record a decision' });
  await expect(section.getByText('This application is closed: no other decision is recorded on it.')).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(section.getByRole('heading', { name: 'Record a decision' })).toBeFocused();
  await bothWidths(uw, 'portal-underwriting-declined');

  // The pipeline: the loan under its own status, offered by its words.
  await uw.goto('/portal');
  await ready(uw);
  const status = uw.getByRole('combobox', { name: 'Status' });
  await expect(status.getByRole('option', { name: 'application2' })).toHaveCount(0);
  await status.selectOption({ label: 'Declined' });
  await uw.getByRole('textbox', { name: 'Search by name or e-mail' }).fill(email);
  await uw.getByRole('button', { name: 'Search', exact: true }).click();
  const row = uw.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Declined', { exact: true })).toBeVisible();
  await bothWidths(uw, 'portal-pipeline-declined');

  // The borrower's own page: declined, with the notice's principal reason.
  await page.goto('/app/application/submitted');
  const ours = page.getByRole('region', { name: 'Our decision', exact: true });
  await expect(ours).toBeVisible();
  await expect(page.getByText('Declined', { exact: true })).toBeVisible();
  await expect(ours.getByRole('list', { name: 'Principal reasons' }).getByRole('listitem')).toHaveText([
    'Value or type of collateral not sufficient',
  ]);
  await expect(ours.getByText('Notice of action taken')).toBeVisible();
  // A closed application promises no review, appraisal or closing, and asks for no documents.
  const next = page.getByRole('region', { name: 'What happens next' });
  await expect(next).toContainText('this application is closed, and we need nothing else from you');
  await expect(next.getByRole('heading')).toHaveText(['What happens next']);
  await expect(page.getByRole('link', { name: 'Upload documents' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await bothWidths(page, 'borrower-declined');

  // The upload page an e-mail may still link to: closed, nothing asked, nothing to upload.
  await page.goto('/app/upload');
  await expect(page.getByRole('heading', { level: 1, name: 'Your documents' })).toBeVisible();
  await expect(page.getByText('Your application is closed')).toBeVisible();
  await expect(page.getByLabel(/^Upload a file:/)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'What your loan team needs from you' })).toHaveCount(0);
  await bothWidths(page, 'borrower-declined-upload');
});
