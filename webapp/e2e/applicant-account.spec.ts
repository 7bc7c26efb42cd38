import { expectNoSecretsInServerLog, requireRealServer, uniqueEmail } from './support/heloc';
import { latestCode } from './support/outbox';
import { expect, expectedConsoleError, expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshot, test } from './support/fixtures';

// Against the real server: an account is created, its code read from the
// sandbox outbox, and the applicant signs in, out, and in again.
test('a new applicant creates an account, signs in with the mailed code, signs out and back in', async ({ page }) => {
  requireRealServer();
  test.setTimeout(90_000);
  const email = uniqueEmail('applicant');

  await page.goto('/app/login?mode=create');
  await expect(page.getByText('Sandbox: sign-in codes are delivered to the development outbox.')).toBeVisible();
  await page.getByRole('textbox', { name: 'First name' }).fill('Ana');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Diaz');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByRole('textbox', { name: 'Mobile phone' }).pressSequentially('4155550101');
  await page.getByRole('checkbox', { name: /call and text me about my application/ }).check();
  await page.getByRole('checkbox', { name: /receive documents and notices electronically/ }).check();
  await page.getByRole('checkbox', { name: /sharing of my information/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
  const codeField = page.getByRole('textbox', { name: '6-digit code' });
  await expect(codeField).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'login-code');

  const first = await latestCode(page, email);
  await codeField.fill(first);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // No page asked for the sign-in: the resume rule places the new loan.
  await expect(page).toHaveURL(/\/app\/initial-setup\/[a-z-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const signOut = page.getByRole('banner').getByRole('button', { name: 'Sign out' });
  await expect(signOut).toBeVisible();
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(signOut).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'signed-in-applicant');
  await page.setViewportSize({ width: 1280, height: 720 });
  const session = await page.evaluate(() => fetch('/api/authApplicant/session').then((r) => r.json()));
  expect(session.user).toMatchObject({ email, firstName: 'Ana', lastName: 'Diaz' });

  await signOut.click();
  await expect(page).toHaveURL(/\/$/);
  const toast = page.getByRole('alert').filter({ hasText: 'You are signed out.' });
  await expect(toast).toBeVisible();
  const box = await toast.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box!.x).toBeLessThan(viewport.width / 2); // spec §2: toasts at the bottom-left
  expect(box!.y).toBeGreaterThan(viewport.height / 2);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  expect(await page.evaluate(() => fetch('/api/authApplicant/session').then((r) => r.json()))).toEqual({});

  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).first().click();
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
  const second = await latestCode(page, email, [first]);
  await page.getByRole('textbox', { name: '6-digit code' }).fill(second);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/app\/initial-setup\/[a-z-]+$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expectNoSecretsInServerLog([first, second], page.context());
});

test('a wrong code is refused in an alert, with the focus back in the code field', async ({ page }) => {
  requireRealServer();
  // The refusal this journey provokes: the browser logs the 401 of the wrong code's sign-in.
  test.info().annotations.push(expectedConsoleError(/status of 401 \(Unauthorized\) \(http:\/\/[^/]+\/api\/authApplicant\/callback\/otp\)$/));
  const email = uniqueEmail('wrong-code');
  await page.goto('/app/login?mode=create');
  await page.getByRole('textbox', { name: 'First name' }).fill('Ben');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Ode');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByRole('textbox', { name: 'Mobile phone' }).pressSequentially('2125550123');
  await page.getByRole('checkbox', { name: /call and text me/ }).check();
  await page.getByRole('checkbox', { name: /receive documents and notices electronically/ }).check();
  await page.getByRole('checkbox', { name: /sharing of my information/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  const code = await latestCode(page, email);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByRole('textbox', { name: '6-digit code' }).fill(wrong);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const field = page.getByRole('textbox', { name: '6-digit code' });
  await expect(field).toHaveAccessibleDescription(/That code is not right or has expired\./);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
});
