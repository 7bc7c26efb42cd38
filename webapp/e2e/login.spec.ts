import { expect, expectNoSeriousA11yViolations, screenshot, test } from './support/fixtures';

test('applicant sign-in checks the e-mail, then says plainly it is not available yet', async ({ page }) => {
  await page.goto('/app/login');
  const email = page.getByRole('textbox', { name: 'E-mail address' });
  await email.fill('not-an-email');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter an e-mail address like name@example.com.')).toBeVisible();
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');

  await email.fill('ana@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Sign-in is not available yet' });
  await expect(toast).toBeVisible();
  const box = await toast.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box!.x).toBeLessThan(viewport.width / 2); // bottom-left
  expect(box!.y).toBeGreaterThan(viewport.height / 2);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'login');
});
