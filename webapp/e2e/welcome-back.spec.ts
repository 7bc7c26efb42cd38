import type { Page } from '@playwright/test';

import { requireRealServer } from './support/heloc';
import { expect, expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshot, test, viewports } from './support/fixtures';
import { answerPropertyUsage, continueTo, fillAmount, freshEmail, persona, walkCreditToDecision, walkLanding, walkSelfReported } from './support/personas';
import { latestCode } from './support/outbox';
import { signInApplicant } from './support/sign-in';

// Issue 22 item 7, "Welcome back": a borrower who leaves and signs in again
// lands where they left off and is told so, by the page's title; one whose
// refusal the credit report settled is shown the refusal, not the question
// after the credit check; one who had their preview offer finds the offer
// again; and Back after signing in shows a page, never a blank one.
// Against the real server.

/** Signs out from the site header, as a borrower leaving would; the app goes home. */
async function signOut(page: Page) {
  const button = page.getByRole('banner').getByRole('button', { name: 'Sign out' });
  await button.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(button).toHaveCount(0);
}

/** The welcome-back notice, naming the page the borrower was at. */
function welcomeBack(page: Page, title: string) {
  return page.getByRole('alert').filter({ hasText: 'Welcome back' }).filter({ hasText: `You were at “${title}”` });
}

for (const viewport of viewports) {
  test.describe(`welcome back, ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a borrower who leaves mid-funnel and signs in again lands on the page they left, told so; Back shows a page', async ({ page }) => {
      requireRealServer();
      test.setTimeout(180_000);
      const p = persona('prime');
      const email = freshEmail(p);
      await walkLanding(page, p, email);
      // Two questions answered; the borrower leaves on the third, unanswered.
      await fillAmount(page, 'Estimated home value', p.answers.propertyValue);
      await continueTo(page, /\/app\/initial-setup\/mortgage-estimate$/);
      await fillAmount(page, 'Balance left on all mortgages', p.answers.mortgageEstimate!);
      await continueTo(page, /\/app\/initial-setup\/has-fbm$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await signOut(page);

      await signInApplicant(page, email);
      await expect(page).toHaveURL(/\/app\/initial-setup\/has-fbm$/);
      await expect(page.getByRole('radiogroup', { name: 'Have you had a home foreclosed?' })).toBeVisible();
      const notice = welcomeBack(page, 'Foreclosure, bankruptcy or modification');
      await expect(notice).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `welcome-back-${viewport.name}`);

      // Back leaves the page the sign-in put them on for the one before the
      // sign-in page: a page of the product with its heading, not a blank one.
      await page.goBack();
      await expect(page).not.toHaveURL(/^about:blank$/);
      await expect(page).not.toHaveURL(/\/app\/login/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('main')).not.toBeEmpty();
      await screenshot(page, `welcome-back-then-back-${viewport.name}`);
    });
  });
}

test('a borrower whose refusal the credit check settled signs in again and is shown the refusal, not the next question', async ({ page }) => {
  requireRealServer();
  test.setTimeout(240_000);
  const p = persona('low-score');
  const email = freshEmail(p);
  await walkLanding(page, p, email);
  await walkSelfReported(page, p);
  await answerPropertyUsage(page);
  await walkCreditToDecision(page, p, { settledByReport: true });
  await expect(page).toHaveURL(/\/app\/ineligible\/boost$/);
  await expect(page.getByText(/Your credit score of 610 is below our minimum of \d+/)).toBeVisible();
  await signOut(page);
  // After signing in again the page reads the refusal's reasons from the notice the server keeps.
  const refusal = page.getByRole('heading', { level: 1, name: 'Your credit doesn’t meet our minimum yet' });
  const reason = page.getByRole('region', { name: 'Why' }).getByText(/Credit score of 610 below our minimum of \d+/);

  await signInApplicant(page, email);
  await expect(page).toHaveURL(/\/app\/ineligible\/boost$/);
  await expect(refusal).toBeVisible();
  await expect(reason).toBeVisible();
  await expect(welcomeBack(page, 'Credit score below our minimum')).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Will someone apply with you?' })).toHaveCount(0);
  await screenshot(page, 'welcome-back-refused');

  // Nor does the coborrower question, asked for by its address, take them past it.
  await page.goto('/app/initial-setup/coborrower');
  await expect(page).toHaveURL(/\/app\/ineligible\/boost$/);
  await expect(refusal).toBeVisible();
});

test('a borrower who had their preview offer signs in again to the offer', async ({ page }) => {
  requireRealServer();
  test.setTimeout(240_000);
  const p = persona('prime');
  const email = freshEmail(p);
  await walkLanding(page, p, email);
  await walkSelfReported(page, p);
  await answerPropertyUsage(page);
  await walkCreditToDecision(page, p);
  await expect(page).toHaveURL(/\/app\/initial-setup\/preview-offer$/);
  await expect(page.getByText('Line available')).toBeVisible();
  await signOut(page);

  await signInApplicant(page, email);
  await expect(page).toHaveURL(/\/app\/initial-setup\/preview-offer$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your preview offer' })).toBeVisible();
  await expect(page.getByText('Line available')).toBeVisible();
  await expect(welcomeBack(page, 'Preview offer')).toBeVisible();
  await screenshot(page, 'welcome-back-offer');
});

test('a borrower who comes back in a new tab, straight to the sign-in page, goes home with Back, not to a blank page', async ({ page }) => {
  requireRealServer();
  test.setTimeout(180_000);
  const p = persona('prime');
  const email = freshEmail(p);
  await walkLanding(page, p, email);
  await signOut(page);

  // A new tab (the same browser's cookies, none of its history), opened on the sign-in page.
  const tab = await page.context().newPage();
  await tab.goto('/app/login');
  await tab.waitForFunction(() => document.documentElement.dataset.appReady === 'true');
  await tab.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await tab.getByRole('button', { name: 'Continue' }).click();
  const code = tab.getByRole('textbox', { name: '6-digit code' });
  await expect(code).toBeVisible();
  await code.fill(await latestCode(tab, email));
  await tab.getByRole('button', { name: 'Sign in' }).click();
  await expect(tab).toHaveURL(/\/app\/initial-setup\/property-value$/);
  await expect(welcomeBack(tab, 'Home value')).toBeVisible();

  await tab.goBack();
  await expect(tab).toHaveURL(/^http:\/\/[^/]+\/$/);
  await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(tab.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible();
  // And Forward returns to where they were.
  await tab.goForward();
  await expect(tab).toHaveURL(/\/app\/initial-setup\/property-value$/);
  await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();
});
