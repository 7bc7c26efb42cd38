import { expect, type Page } from '@playwright/test';

import { latestCode } from './outbox';

/**
 * Signs an applicant in through the app's sign-in page with the code mailed
 * to the sandbox outbox, and waits until the app has left the sign-in page
 * (the resume rule places a returning applicant at their loan's page).
 */
export async function signInApplicant(page: Page, email: string) {
  await page.goto('/app/login');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
  const code = await latestCode(page, email);
  await page.getByRole('textbox', { name: '6-digit code' }).fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/app\/login/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible();
}
