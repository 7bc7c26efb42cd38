import type { Page } from '@playwright/test';

import { requireRealServer } from './support/heloc';
import { latestCode } from './support/outbox';
import { signInApplicant } from './support/sign-in';
import { fillAmount, freshEmail, persona, typedDate, type Persona } from './support/personas';
import { expect, expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshot, test, viewports } from './support/fixtures';

// Issue 22 item 4: the /prequal path works end to end, in its own order
// (address, listed-for-sale, subject-to-mortgage, has-fbm, credit-check
// with the account made there, coborrower, mortgage-select, debts,
// pre-offer, preview-offer), with its own progress, from /prequal itself.
// "Listed for sale" is decided by the rules on the server.

const prime = persona('prime');

async function heading(page: Page, name: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

async function answer(page: Page, question: string | RegExp, choice: string) {
  await page.getByRole('radiogroup', { name: question }).getByRole('radio', { name: choice, exact: true }).check();
}

async function next(page: Page, url: RegExp) {
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(url);
}

/** The path's own progress: "Step n of 10" and the page's label. */
async function expectStep(page: Page, n: number, label: string) {
  await expect(page.getByText(`Step ${n} of 10`, { exact: true })).toBeVisible();
  await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
}

/** The personas' homes: a street, city and state of their ZIP code. */
const homes: Record<string, { line1: string; city: string; state: string }> = {
  prime: { line1: '123 Valencia Street', city: 'San Francisco', state: 'CA' },
  'low-score': { line1: '700 Congress Avenue', city: 'Austin', state: 'TX' },
};

/** /prequal leads to the address; the persona's home and its value. */
async function answerAddress(page: Page, p: Persona) {
  const home = homes[p.email.split('@')[0]!]!;
  await page.goto('/prequal');
  await expect(page).toHaveURL(/\/prequal\/address$/);
  await heading(page, 'What is the address of your home?');
  await expectStep(page, 1, 'Property address');
  await page.getByRole('textbox', { name: 'Street address' }).fill(home.line1);
  await page.getByRole('textbox', { name: 'City' }).fill(home.city);
  await page.getByRole('textbox', { name: 'State' }).fill(home.state);
  await page.getByRole('textbox', { name: 'ZIP code' }).fill(p.answers.zip);
  await fillAmount(page, 'Your estimate of your home’s value', p.answers.propertyValue);
}

/** From the address to the credit check's account form, answering no to every knockout. */
async function walkToCreditCheck(page: Page, p: Persona) {
  await answerAddress(page, p);
  await next(page, /\/prequal\/listed-for-sale$/);
  await answer(page, 'Has your home been listed for sale in the last 6 months?', 'No');
  await next(page, /\/prequal\/subject-to-mortgage$/);
  await answer(page, 'Is there a mortgage on your home?', 'Yes');
  await next(page, /\/prequal\/has-fbm$/);
  for (const question of ['Have you had a home foreclosed?', 'Have you declared bankruptcy?', 'Has a mortgage loan of yours been modified?']) {
    await answer(page, question, 'No');
  }
  await next(page, /\/prequal\/credit-check$/);
}

/** The account on the credit check: name, e-mail, consents, the e-mailed code. */
async function makeAccount(page: Page, p: Persona, email: string) {
  await page.getByRole('textbox', { name: 'First name' }).fill(p.firstName);
  await page.getByRole('textbox', { name: 'Last name' }).fill(p.lastName);
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByRole('checkbox', { name: /receive documents and notices electronically/ }).check();
  await page.getByRole('checkbox', { name: /sharing of my information/ }).check();
  await page.getByRole('button', { name: 'Send my code' }).click();
  const code = page.getByRole('textbox', { name: '6-digit code' });
  await expect(code).toBeVisible();
  await code.fill(await latestCode(page, email));
  await page.getByRole('button', { name: 'Confirm and continue' }).click();
}

/** The soft pull: the authorization, date of birth and SSN. */
async function pull(page: Page, p: Persona) {
  await page.getByRole('checkbox', { name: /agree to the credit check authorization/ }).check();
  await page.getByRole('textbox', { name: 'Your date of birth' }).pressSequentially(typedDate(p.identity.dateOfBirth));
  await page.getByRole('textbox', { name: 'Your Social Security number' }).pressSequentially(p.identity.ssn);
  await page.getByRole('button', { name: 'Check my credit' }).click();
}

for (const viewport of viewports) {
  test.describe(`the /prequal path, ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the prime persona goes from /prequal to a preview offer, the account made at the credit check', async ({ page }) => {
      requireRealServer();
      test.setTimeout(240_000);
      const email = freshEmail(prime);
      const shot = (name: string) => screenshot(page, `prequal-path-${viewport.name}-${name}`);

      await answerAddress(page, prime);
      await expectNoSeriousA11yViolations(page);
      await shot('address');
      await next(page, /\/prequal\/listed-for-sale$/);

      await expectStep(page, 2, 'Listed for sale');
      await answer(page, 'Has your home been listed for sale in the last 6 months?', 'No');
      await next(page, /\/prequal\/subject-to-mortgage$/);

      await expectStep(page, 3, 'New mortgage');
      await answer(page, 'Is there a mortgage on your home?', 'Yes');
      await next(page, /\/prequal\/has-fbm$/);

      await expectStep(page, 4, 'Disqualifying issues');
      for (const question of ['Have you had a home foreclosed?', 'Have you declared bankruptcy?', 'Has a mortgage loan of yours been modified?']) {
        await answer(page, question, 'No');
      }
      await next(page, /\/prequal\/credit-check$/);

      // The credit check makes the account first: name, e-mail, consents, the e-mailed code.
      await expectStep(page, 5, 'Credit pull');
      await heading(page, 'Let’s check your credit');
      await page.getByRole('button', { name: 'Send my code' }).click();
      await expect(page.getByRole('textbox', { name: 'First name' })).toHaveAttribute('aria-invalid', 'true');
      await page.getByRole('textbox', { name: 'First name' }).fill(prime.firstName);
      await page.getByRole('textbox', { name: 'Last name' }).fill(prime.lastName);
      await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
      await page.getByRole('checkbox', { name: /receive documents and notices electronically/ }).check();
      await page.getByRole('checkbox', { name: /sharing of my information/ }).check();
      await expectNoSeriousA11yViolations(page);
      await shot('credit-check-account');
      await page.getByRole('button', { name: 'Send my code' }).click();
      const code = page.getByRole('textbox', { name: '6-digit code' });
      await expect(code).toBeVisible();
      await code.fill(await latestCode(page, email));
      await page.getByRole('button', { name: 'Confirm and continue' }).click();

      // Signed in, still on the credit check: the soft pull.
      await expect(page.getByRole('checkbox', { name: /agree to the credit check authorization/ })).toBeVisible();
      await expect(page).toHaveURL(/\/prequal\/credit-check$/);
      await page.getByRole('checkbox', { name: /agree to the credit check authorization/ }).check();
      await page.getByRole('textbox', { name: 'Your date of birth' }).pressSequentially(typedDate(prime.identity.dateOfBirth));
      await page.getByRole('textbox', { name: 'Your Social Security number' }).pressSequentially(prime.identity.ssn);
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Check my credit' }).click();
      await expect(page.getByText('Your credit score used')).toBeVisible();
      await shot('credit-check-score');
      await next(page, /\/prequal\/coborrower$/);

      await expectStep(page, 6, 'Coborrower info');
      await answer(page, 'Will someone apply with you?', 'No');
      await next(page, /\/prequal\/mortgage-select$/);

      await expectStep(page, 7, 'Select mortgage');
      await page.getByRole('radiogroup', { name: /Is the .* mortgage on this home\?/ }).getByRole('radio', { name: 'Yes' }).check();
      await expectNoSeriousA11yViolations(page);
      await next(page, /\/prequal\/debts$/);

      await expectStep(page, 8, 'Debt payoff');
      await page.getByRole('checkbox', { name: /Bay Auto Finance/ }).check();
      await expect(page.getByText('$410', { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await shot('debts');
      await next(page, /\/prequal\/pre-offer$/);

      await expectStep(page, 9, 'Pre-offer');
      await heading(page, 'Your estimate');
      await expect(page.getByText('Estimate, not an offer')).toBeVisible();
      await expect(page.getByText('Estimated line')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await shot('pre-offer');
      await page.getByRole('link', { name: 'Continue', exact: true }).click();

      await expect(page).toHaveURL(/\/prequal\/preview-offer$/);
      await expectStep(page, 10, 'Preview offer');
      await heading(page, 'Your preview offer');
      await expect(page.getByText('Line available')).toBeVisible();
      await expect(page.getByText(/^\$\d{2,3},\d{3}$/).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await expectNoHorizontalScroll(page);
      await shot('preview-offer');

      // "Your home" is where the borrower lives: the application starts at its address.
      await page.getByRole('button', { name: 'Continue to the application' }).click();
      await expect(page).toHaveURL(/\/app\/application\/1$/);
      const you = page.getByRole('group', { name: 'You', exact: true });
      await expect(you.getByRole('textbox', { name: 'Current address: street address' })).toHaveValue(homes.prime!.line1);
      await expect(you.getByRole('textbox', { name: 'Current address: city' })).toHaveValue(homes.prime!.city);
      await expect(you.getByRole('textbox', { name: 'Current address: ZIP code' })).toHaveValue(prime.answers.zip);
      await expect(you.getByRole('radiogroup', { name: 'Do you own or rent your current home?' }).getByRole('radio', { name: 'Currently Own' })).toBeChecked();
      await shot('application-1');
    });

    test('a score below the minimum is shown at once after the soft pull: the boost page, with its reason', async ({ page }) => {
      requireRealServer();
      test.setTimeout(180_000);
      const p = persona('low-score');
      await walkToCreditCheck(page, p);
      await makeAccount(page, p, freshEmail(p));
      await expect(page.getByRole('checkbox', { name: /agree to the credit check authorization/ })).toBeVisible();
      await pull(page, p);
      // No Continue, no coborrower or mortgage questions first: the report settles it.
      await expect(page).toHaveURL(/\/app\/ineligible\/boost$/);
      await heading(page, 'Your credit doesn’t meet our minimum yet');
      await expect(page.getByText(/credit score of 610 is below our minimum/)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await expectNoHorizontalScroll(page);
      await screenshot(page, `prequal-path-${viewport.name}-boost`);
    });

    test('a home listed for sale is refused by the rules at once, with the reason, and an answer by mistake can be changed', async ({ page }) => {
      requireRealServer();
      test.setTimeout(120_000);
      const shot = (name: string) => screenshot(page, `prequal-path-${viewport.name}-${name}`);

      await answerAddress(page, prime);
      await next(page, /\/prequal\/listed-for-sale$/);
      await answer(page, 'Has your home been listed for sale in the last 6 months?', 'Yes');
      const decided = page.waitForResponse((r) => r.url().includes('/api/trpc/prequal.knockout'));
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      expect((await decided).status()).toBe(200);

      // The rules' refusal, in their words; the page stays.
      const refusal = page.getByRole('alert').filter({ hasText: 'We can’t offer a line on this home' });
      await expect(refusal).toBeVisible();
      await expect(refusal).toContainText('listed for sale in the last 6 months');
      await expect(page).toHaveURL(/\/prequal\/listed-for-sale$/);
      await expectNoSeriousA11yViolations(page);
      await expectNoHorizontalScroll(page);
      await shot('listed-for-sale-refused');

      // Answered by mistake: No goes on.
      await answer(page, 'Has your home been listed for sale in the last 6 months?', 'No');
      await next(page, /\/prequal\/subject-to-mortgage$/);
    });
  });
}

// A second visit on the /prequal path comes back to its own pages, not to
// the initial setup's questions about the home already answered: leaving
// on the credit check before the pull brings the borrower back to the
// pull, leaving on the coborrower page back to it, and /prequal itself
// leads there too (found by a borrower who came back on a phone).
test.describe('the /prequal path, a second visit, phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a borrower who signs out on the path and signs in again resumes where they left it', async ({ page }) => {
    requireRealServer();
    test.setTimeout(240_000);
    const email = freshEmail(prime);
    const signOut = async () => {
      await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
      await expect(page).toHaveURL(/\/$/);
    };

    await walkToCreditCheck(page, prime);
    await makeAccount(page, prime, email);
    await expect(page.getByRole('checkbox', { name: /agree to the credit check authorization/ })).toBeVisible();
    await signOut();

    // Before the pull: back at the credit check, whose pull is still to do.
    await signInApplicant(page, email);
    await expect(page).toHaveURL(/\/prequal\/credit-check$/);
    await expectStep(page, 5, 'Credit pull');
    await pull(page, prime);
    await expect(page.getByText('Your credit score used')).toBeVisible();
    await next(page, /\/prequal\/coborrower$/);
    await signOut();

    // After it: back at the coborrower page, on the path's own progress.
    await signInApplicant(page, email);
    await expect(page).toHaveURL(/\/prequal\/coborrower$/);
    await expectStep(page, 6, 'Coborrower info');
    await heading(page, 'Will anyone apply with you?');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'prequal-path-phone-second-visit');

    // The path's way in, and the initial setup's first question, lead there too.
    for (const way of ['/prequal', '/app/initial-setup/property-value']) {
      await page.goto(way);
      await expect(page).toHaveURL(/\/prequal\/coborrower$/);
    }
  });
});
