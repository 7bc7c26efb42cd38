import { createAdmin, expectNoSecretsInServerLog, requireRealServer, uniqueEmail } from './support/heloc';
import { latestLink } from './support/outbox';
import { codeAfter, signInPortal } from './support/portal';
import { freshTotp } from './support/totp';
import { expect, expectedConsoleError, expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshot, test } from './support/fixtures';

// Issue 13, users and the audit log, against the real server: an
// administrator invites a loan officer; the link mailed to the sandbox
// outbox lets them choose a password and set up their authenticator; they
// sign in. The administrator deactivates them and their session ends at
// once; the audit log shows each change.

test('an administrator invites a loan officer, who sets up their account and signs in; deactivation ends their session; the audit log shows it', async ({
  page,
  browser,
}) => {
  requireRealServer();
  // The refusals this journey provokes and asserts: a wrong authenticator code (400) and the used link opened again (404).
  test.info().annotations.push(expectedConsoleError(/status of 400 \(Bad Request\) \(http:\/\/[^/]+\/api\/trpc\/invite\.accept\)$/));
  test.info().annotations.push(expectedConsoleError(/status of 404 \(Not Found\) \(http:\/\/[^/]+\/api\/trpc\/invite\.get\?/));
  test.setTimeout(150_000);
  const adminEmail = uniqueEmail('users-admin');
  const adminPassword = 'correct horse battery staple';
  const admin = createAdmin(adminEmail, adminPassword);
  await signInPortal(page, adminEmail, adminPassword, () => freshTotp(admin.totpSecret));

  // The users page: the administrator and the invite form.
  await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Manage users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage users' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Ada Admin' }).first()).toBeVisible();

  const loEmail = uniqueEmail('lou');
  const invite = page.getByRole('form', { name: 'Invite a user' });
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByText('Choose a role.')).toBeVisible();
  await invite.getByRole('textbox', { name: 'First name' }).fill('Lou');
  await invite.getByRole('textbox', { name: 'Last name' }).fill('Officer');
  await invite.getByRole('textbox', { name: 'Work e-mail address' }).fill(loEmail);
  await invite.getByRole('radio', { name: 'Loan officer' }).check();
  await invite.getByRole('textbox', { name: 'Loan officer tag (optional)' }).fill('lou-e2e');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByRole('status')).toContainText(`Invitation sent to ${loEmail}`);
  const card = page.locator(`[data-user="${loEmail}"]`);
  await expect(card.getByText('Invitation not accepted')).toBeVisible();
  await expect(card.getByText('lou-e2e')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'portal-users-invited');

  // The loan officer, in a browser of their own, follows the e-mailed link.
  const link = await latestLink(page, loEmail, '/portal/invite');
  const loContext = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '100.64.200.13' } });
  const lo = await loContext.newPage();
  await lo.goto(link);
  await lo.waitForFunction(() => document.documentElement.dataset.appReady === 'true');
  await expect(lo.getByRole('heading', { level: 1, name: 'Set up your portal account' })).toBeVisible();
  await expect(lo.getByText(`Choose the password for ${loEmail}`)).toBeVisible();
  const secret = (await lo.getByTestId('totp-secret').getAttribute('data-secret')) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(lo.getByRole('img', { name: 'QR code to add this account to an authenticator app' })).toBeVisible();
  await expectNoSeriousA11yViolations(lo);
  await screenshot(lo, 'portal-invite');
  const loPassword = 'lou picks a long passphrase';
  await lo.getByLabel('Choose a password').fill(loPassword);
  await lo.getByRole('textbox', { name: 'Code from your authenticator app' }).fill('000000');
  await lo.getByRole('button', { name: 'Finish setting up my account' }).click();
  await expect(lo.getByRole('textbox', { name: 'Code from your authenticator app' })).toHaveAccessibleDescription(/does not match/);
  const code = await freshTotp(secret);
  const enrolledStep = Math.floor(Date.now() / 30_000);
  await lo.getByRole('textbox', { name: 'Code from your authenticator app' }).fill(code);
  await lo.getByRole('button', { name: 'Finish setting up my account' }).click();
  await expect(lo.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  const recoveryCodes = (await lo.getByTestId('recovery-codes').getByRole('listitem').allTextContents()).map((c) => c.trim());
  expect(recoveryCodes).toHaveLength(10);
  await lo.setViewportSize({ width: 375, height: 740 });
  await expectNoHorizontalScroll(lo);
  await screenshot(lo, 'portal-invite-done');
  await lo.setViewportSize({ width: 1280, height: 720 });

  // The link works once.
  await lo.goto(link);
  await lo.waitForFunction(() => document.documentElement.dataset.appReady === 'true');
  await expect(lo.getByText('This link has expired or was already used.')).toBeVisible();

  // They sign in with their password and authenticator.
  await signInPortal(lo, loEmail, loPassword, () => codeAfter(secret, enrolledStep));
  await expect(lo.getByRole('banner').getByText('Lou Officer')).toBeVisible();

  // The administrator sees them set up, and deactivates them after confirming.
  await page.reload();
  await expect(card.getByText('Active')).toBeVisible();
  await expect(card.getByText('Invitation not accepted')).toHaveCount(0);
  await card.getByRole('button', { name: 'Deactivate Lou Officer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deactivate Lou Officer?' });
  await expect(dialog).toContainText('signed out at once');
  await screenshot(page, 'portal-users-deactivate');
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Deactivated')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Reactivate Lou Officer' })).toBeVisible();

  // Their session has ended: the next page they open asks them to sign in.
  await lo.reload();
  await expect(lo).toHaveURL(/\/portal\/login\?error=SessionRequired/);
  expect(await lo.evaluate(() => fetch('/api/authPortal/session').then((r) => r.json()))).toEqual({});
  await loContext.close();

  // The users page at phone width.
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'portal-users');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The audit log shows the invitation, the acceptance and the deactivation.
  await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const rows = page.getByRole('table', { name: 'Audit log entries' }).getByRole('row');
  const row = (action: string) => rows.filter({ has: page.getByText(action, { exact: true }) }).filter({ hasText: loEmail });
  await expect(row('users.invite')).toContainText(adminEmail);
  await expect(row('users.invite')).toContainText('role loanOfficer, loanOfficerTag lou-e2e');
  await expect(row('users.acceptInvite')).toContainText('loanOfficer');
  await expect(row('users.setActive')).toContainText('deactivated; sessions ended');
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'portal-audit');

  // Filtered by action, and the filter is in the address.
  await page.getByRole('combobox', { name: 'Action' }).selectOption('users.setActive');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/action=users.setActive/);
  await expect(rows.filter({ hasText: 'users.invite' })).toHaveCount(0);
  await expect(row('users.setActive')).toHaveCount(1);
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'portal-audit');

  await expectNoSecretsInServerLog([adminPassword, loPassword, secret, ...recoveryCodes, link.split('token=')[1]!], page.context());
});
