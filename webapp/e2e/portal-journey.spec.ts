import { requireRealServer, uniqueEmail } from './support/heloc';
import { latestLink } from './support/outbox';
import { freshEmail, persona } from './support/personas';
import { addCondition, codeAfter, ready, signInAdmin, signInPortal, submitApplication } from './support/portal';
import { freshTotp } from './support/totp';
import { expect, expectNoSeriousA11yViolations, screenshot, test } from './support/fixtures';

// Issue 13's journey across the portal and back to the borrower, against the
// real server: a borrower submits an application; an administrator invites
// a loan officer, who sets up their account from the e-mailed link; the
// administrator assigns the loan to them; the loan officer signs in, finds
// the application in their pipeline by the borrower's e-mail, opens it and
// adds condition 303 (a mortgage statement); the borrower sees the new
// request on their upload page.

test('an administrator invites a loan officer, who finds an application and adds condition 303; the borrower sees the request on their upload page', async ({
  page,
  browser,
}) => {
  requireRealServer();
  test.setTimeout(360_000);
  const p = persona('prime');
  const borrowerEmail = freshEmail(p);
  const loanId = await submitApplication(page, borrowerEmail);

  // The administrator invites a loan officer.
  const admin = await signInAdmin(browser);
  await admin.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Manage users' }).click();
  const loEmail = uniqueEmail('journey-lo');
  const invite = admin.getByRole('form', { name: 'Invite a user' });
  await invite.getByRole('textbox', { name: 'First name' }).fill('Jo');
  await invite.getByRole('textbox', { name: 'Last name' }).fill('Lender');
  await invite.getByRole('textbox', { name: 'Work e-mail address' }).fill(loEmail);
  await invite.getByRole('radio', { name: 'Loan officer' }).check();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByRole('status')).toContainText(`Invitation sent to ${loEmail}`);

  // The loan officer follows the link, chooses a password and enrols an authenticator.
  const link = await latestLink(admin, loEmail, '/portal/invite');
  const loContext = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '100.64.201.21' }, viewport: { width: 1280, height: 900 } });
  const lo = await loContext.newPage();
  await lo.goto(link);
  await ready(lo);
  const secret = (await lo.getByTestId('totp-secret').getAttribute('data-secret')) ?? '';
  const loPassword = 'jo lends with a long passphrase';
  await lo.getByLabel('Choose a password').fill(loPassword);
  // The step of the code that proves the enrolment is spent: sign-in needs a later one.
  const enrolmentCode = await freshTotp(secret);
  const enrolledStep = Math.floor(Date.now() / 30_000);
  await lo.getByRole('textbox', { name: 'Code from your authenticator app' }).fill(enrolmentCode);
  await lo.getByRole('button', { name: 'Finish setting up my account' }).click();
  await expect(lo.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();

  // The administrator assigns the application to the new loan officer.
  await admin.goto(`/portal/loan?id=${loanId}`);
  await ready(admin);
  await admin.getByRole('combobox', { name: 'Loan officer' }).selectOption({ label: `Jo Lender (${loEmail})` });
  await admin.getByRole('button', { name: 'Save loan team' }).click();
  await expect(admin.getByText('The loan team is saved.')).toBeVisible();

  // The loan officer signs in and finds the application in their pipeline.
  await signInPortal(lo, loEmail, loPassword, () => codeAfter(secret, enrolledStep));
  const table = lo.getByRole('table');
  await expect(table.getByRole('link', { name: `${p.firstName} ${p.lastName}` })).toHaveCount(1);
  await lo.getByRole('textbox', { name: 'Search by name or e-mail' }).fill(borrowerEmail);
  await lo.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('Jo Lender');
  await screenshot(lo, 'portal-journey-pipeline');
  await table.getByRole('link', { name: `${p.firstName} ${p.lastName}` }).click();
  await expect(lo).toHaveURL(new RegExp(`/portal/loan\\?id=${loanId}`));

  // They add condition 303 on the Conditions tab.
  await lo.getByRole('tab', { name: 'Conditions' }).click();
  await addCondition(lo, '303', /^303 · Most recent mortgage statement/, 'The latest statement for your first mortgage, please.');
  await expect(lo.getByRole('heading', { name: 'Outstanding conditions (1)' })).toBeVisible();
  await expectNoSeriousA11yViolations(lo);
  await screenshot(lo, 'portal-journey-condition');

  // The borrower sees the request on their upload page.
  await page.goto('/app/upload');
  const request = page.getByRole('group', { name: /^Most recent mortgage statement for each lien/ });
  await expect(request).toBeVisible();
  await expect(request.getByText('Requested by your loan team')).toBeVisible();
  await expect(page.getByText('The latest statement for your first mortgage, please.')).toBeVisible();
  await screenshot(page, 'portal-journey-borrower-upload');

  await loContext.close();
  await admin.context().close();
});
