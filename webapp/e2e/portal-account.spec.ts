import { createAdmin, expectNoSecretsInServerLog, requireRealServer, uniqueEmail } from './support/heloc';
import { freshTotp } from './support/totp';
import { expect, expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshot, test } from './support/fixtures';

// Against the real server: the first administrator is made with
// `heloc admin create` on the server's data folder, then signs in with the
// password and the authenticator code (computed here, RFC 6238), and once
// more with a recovery code.
test('a portal administrator signs in with password and authenticator code, and with a recovery code', async ({ page }) => {
  requireRealServer();
  test.setTimeout(90_000);
  const email = uniqueEmail('admin');
  const password = 'correct horse battery staple';
  const admin = createAdmin(email, password);
  expect(admin.email).toBe(email);
  expect(admin.recoveryCodes.length).toBeGreaterThan(0);

  await page.goto('/portal');
  await expect(page).toHaveURL('/portal/login?error=SessionRequired&callbackUrl=%2Fportal');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Enter your authenticator code' })).toBeVisible();
  const code = page.getByRole('textbox', { name: 'Authenticator code' });
  await expect(code).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'portal-login-code');
  await code.fill(await freshTotp(admin.totpSecret));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();

  await expect(page).toHaveURL(/\/portal$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByText('Ada Admin')).toBeVisible();
  await expect(header.getByText('Administrator')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'portal-signed-in');
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(header.getByText('Ada Admin')).toBeVisible();
  await expect(header.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'portal-signed-in');
  await page.setViewportSize({ width: 1280, height: 720 });

  // The two realms never mix: a portal session is no applicant session.
  expect(await page.evaluate(() => fetch('/api/authApplicant/session').then((r) => r.json()))).toEqual({});

  await header.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/portal\/login$/);

  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(admin.recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/portal$/);
  await expect(page.getByRole('banner').getByText('Ada Admin')).toBeVisible();
  await expectNoSecretsInServerLog([password, admin.totpSecret, ...admin.recoveryCodes], page.context());
});
