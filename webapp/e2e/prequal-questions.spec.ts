import type { Page } from '@playwright/test';

import { requireRealServer } from './support/heloc';
import { latestCode } from './support/outbox';
import { fillAmount, freshEmail, persona, typedDate } from './support/personas';
import {
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  screenshot,
  test,
  viewports,
} from './support/fixtures';

// A new visitor walks from the home page's call to action through the
// landing funnel (the account is made on the e-mail page, its code read
// from the sandbox outbox), then the initial-setup pages, to the preview
// offer, typing the prime persona's own answers (fixtures/personas.json).
// On the way: a wrong value is refused with its message beside the field,
// and a refresh keeps what was answered.

const prime = persona('prime');

async function heading(page: Page, name: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

async function next(page: Page, url: RegExp, label = 'Continue') {
  await page.getByRole('button', { name: label, exact: true }).click();
  await expect(page).toHaveURL(url);
}

for (const viewport of viewports) {
  test.describe(`prequalification questions, ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a new visitor answers every question from the home page to the preview offer', async ({ page }) => {
      requireRealServer();
      test.setTimeout(180_000);
      const email = freshEmail(prime);
      const shot = (name: string) => screenshot(page, `prequal-${name}`);

      await page.goto('/');
      await page.getByRole('link', { name: 'Check your rate' }).first().click();
      await expect(page).toHaveURL(/\/start\/name$/);

      // Name: Continue is refused until both are given, each message beside its field.
      await heading(page, 'Let’s start with your name');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      const first = page.getByRole('textbox', { name: 'First name' });
      await expect(first).toHaveAttribute('aria-invalid', 'true');
      await expect(first).toBeFocused();
      await expectNoSeriousA11yViolations(page);
      await shot('name-refused');
      await first.fill(prime.firstName);
      await page.getByRole('textbox', { name: 'Last name' }).fill(prime.lastName);
      await next(page, /\/start\/email$/);

      // E-mail, where the account is made: a wrong value shows its message
      // beside the field; the consents are required; then the code.
      await heading(page, 'Your e-mail and your account');
      const emailField = page.getByRole('textbox', { name: 'E-mail address' });
      await emailField.fill('not-an-address');
      await page.getByRole('button', { name: 'Send my code' }).click();
      await expect(emailField).toHaveAttribute('aria-invalid', 'true');
      const describedBy = (await emailField.getAttribute('aria-describedby')) ?? '';
      const described = page.locator(describedBy.split(/\s+/).filter(Boolean).map((id) => `[id="${id}"]`).join(','));
      await expect(described.filter({ hasText: 'Enter an e-mail address like name@example.com.' })).toHaveCount(1);
      await expect(page.getByText('Agree to receive documents electronically to continue.')).toBeVisible();
      await shot('email-wrong-value');
      await emailField.fill(email);
      await page.getByRole('checkbox', { name: /receive documents and notices electronically/ }).check();
      await page.getByRole('checkbox', { name: /sharing of my information/ }).check();
      await expectNoSeriousA11yViolations(page);
      await shot('email-and-account');
      await page.getByRole('button', { name: 'Send my code' }).click();
      const codeField = page.getByRole('textbox', { name: '6-digit code' });
      await expect(codeField).toBeVisible();
      await codeField.fill(await latestCode(page, email));
      await page.getByRole('button', { name: 'Confirm and continue' }).click();
      await expect(page).toHaveURL(/\/app\/initial-setup\/property-value$/);
      await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible();
      await expect(page.getByText('Step 3 of 14')).toBeVisible();

      // Property value: no address is known yet, so no automated valuation is
      // shown; the homeowner gives their own estimate.
      await heading(page, 'What is your home worth?');
      await expect(page.getByText('Our automated valuation of your home')).toHaveCount(0);
      await fillAmount(page, 'Estimated home value', prime.answers.propertyValue);
      await expectNoHorizontalScroll(page);
      await shot('property-value');
      await next(page, /\/app\/initial-setup\/mortgage-estimate$/);

      // Mortgage estimate, then a refresh: a reload is a fresh arrival, so the
      // resume rule (spec §2) takes the borrower to the loan's step; Back
      // shows the answer still there.
      await fillAmount(page, 'Balance left on all mortgages', prime.answers.mortgageEstimate!);
      await next(page, /\/app\/initial-setup\/has-fbm$/);
      await page.goBack();
      await expect(page).toHaveURL(/\/app\/initial-setup\/mortgage-estimate$/);
      await page.reload();
      await expect(page).toHaveURL(/\/app\/initial-setup\/has-fbm$/);
      await page.getByRole('link', { name: 'Back', exact: true }).click();
      await expect(page).toHaveURL(/\/app\/initial-setup\/mortgage-estimate$/);
      await expect(page.getByRole('textbox', { name: 'Balance left on all mortgages' })).toHaveValue('$312,000');
      await next(page, /\/app\/initial-setup\/has-fbm$/);

      for (const question of ['Have you had a home foreclosed?', 'Have you declared bankruptcy?', 'Has a mortgage loan of yours been modified?']) {
        await page.getByRole('radiogroup', { name: question }).getByRole('radio', { name: 'No' }).check();
      }
      await expectNoSeriousA11yViolations(page);
      await next(page, /\/app\/initial-setup\/is-self-employed$/);
      await page.getByRole('radiogroup', { name: 'Are you self-employed?' }).getByRole('radio', { name: 'No' }).check();
      await next(page, /\/app\/initial-setup\/credit-range$/);
      await page.getByRole('radiogroup', { name: 'Your credit score range' }).getByRole('radio', { name: 'Excellent' }).check();
      await next(page, /\/app\/initial-setup\/zip$/);

      // ZIP: the wrong length is refused beside the field.
      const zip = page.getByRole('textbox', { name: 'ZIP code of your home' });
      await zip.fill('941');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(zip).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText('Enter a 5-digit ZIP code.')).toBeVisible();
      await zip.fill(prime.answers.zip);
      await next(page, /\/app\/initial-setup\/property-usage$/);
      await page.getByRole('radiogroup', { name: 'How do you use this home?' }).getByRole('radio', { name: 'Primary home' }).check();
      // Then the credit check, the spec's next question.
      await next(page, /\/app\/initial-setup\/credit-score$/);

      await expect(page.getByText('Credit check authorization', { exact: false }).first()).toBeVisible();
      await page.getByRole('checkbox', { name: /agree to the credit check authorization/ }).check();
      const dob = page.getByRole('textbox', { name: 'Your date of birth' });
      await dob.pressSequentially(typedDate(prime.identity.dateOfBirth));
      const ssn = page.getByRole('textbox', { name: 'Your Social Security number' });
      await ssn.pressSequentially(prime.identity.ssn);
      await expect(ssn).toHaveValue('123-45-0001');
      await dob.focus();
      await expect(ssn).toHaveValue('***-**-0001');
      await shot('credit-score');
      await page.getByRole('button', { name: 'Check my credit' }).click();
      await expect(page.getByText('Your credit score used')).toBeVisible();
      await expect(page.getByText('it does not affect your credit score').first()).toBeVisible();
      await next(page, /\/app\/initial-setup\/coborrower$/);

      await page.getByRole('radiogroup', { name: 'Will someone apply with you?' }).getByRole('radio', { name: 'No' }).check();
      await next(page, /\/app\/initial-setup\/mortgage-balance$/);

      // The report's mortgage, confirmed as a lien on this home.
      await page.getByRole('radiogroup', { name: /Is the .* mortgage on this home\?/ }).getByRole('radio', { name: 'Yes' }).check();
      await expectNoSeriousA11yViolations(page);
      await shot('mortgage-balance');
      await next(page, /\/app\/initial-setup\/credit-income$/);

      // The income and debts, once, before the offer whose debt-to-income
      // rule needs them. Letters in a money field are kept as typed and
      // refused at the field, never stripped into a smaller amount.
      const income = page.getByRole('textbox', { name: 'Gross annual income' });
      await income.pressSequentially('abc12x');
      await expect(income).toHaveValue('abc12x');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(income).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText('Enter your gross annual income, in whole dollars up to 100,000,000.')).toBeVisible();
      await expect(page).toHaveURL(/\/app\/initial-setup\/credit-income$/);
      await fillAmount(page, 'Gross annual income', prime.answers.annualIncome);
      await expect(income).toHaveValue(`$${prime.answers.annualIncome.toLocaleString('en-US')}`);
      await fillAmount(page, 'Monthly debt payments', prime.answers.monthlyDebts);
      await next(page, /\/app\/initial-setup\/preview-offer$/);
      await heading(page, 'Your preview offer');
      await expect(page.getByText('Line available')).toBeVisible();
      await expect(page.getByText(/^\$\d{2,3},\d{3}$/).first()).toBeVisible();
      await expectNoHorizontalScroll(page);
      await shot('preview-offer');
    });
  });
}
