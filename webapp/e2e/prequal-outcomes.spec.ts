import type { Page } from '@playwright/test';

import { requireRealServer } from './support/heloc';
import { continueToPreviewOffer, persona, prequalifiedApplicant as prequalified } from './support/personas';
import {
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  screenshot,
  test,
  trpcQuery,
  viewports,
} from './support/fixtures';

// The outcomes of prequalification against the real server and its sandbox
// providers. The server state is made through the API, as the question
// pages would make it (their own journey is prequal-questions.spec.ts): an
// account with its consents, the mailed code, prequal.save with the
// persona's own answers (fixtures/personas.json), the soft credit check and
// the report's mortgages confirmed. Then the outcome page is opened as the
// funnel would open it: an ineligible persona lands on its page with the
// policy's reasons and the adverse-action notice (its wording and version
// the rules'); an estimate that would not qualify stays on its page and
// offers the soft pull; prime sees its offer and the amount picker shows
// the policy's payment and fee for the amount chosen. The unlicensed persona's ZIP leads to
// the waitlist. At desktop and phone widths, with screenshots.

/** The persona's address made fresh: the sandbox picks the persona by the part before the +. */
function freshEmail(local: string): string {
  return `${local}+e2e-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/**
 * A new applicant of the persona, signed in, with the persona's answers
 * saved, their credit checked and the report's mortgages confirmed as
 * liens on the home: the state the question pages leave before the preview
 * offer (support/personas.ts).
 */
async function prequalifiedApplicant(page: Page, local: string) {
  return prequalified(page, persona(local), freshEmail(local));
}

async function expectNotice(page: Page, { score }: { score: number | null }) {
  const notice = page.getByRole('article', { name: 'Notice of action taken' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('region', { name: 'Principal reasons for our decision' }).getByRole('listitem').first()).toBeVisible();
  const scoreSection = notice.getByRole('region', { name: 'Your credit score' });
  if (score === null) await expect(scoreSection).toContainText('could not produce a credit score');
  else {
    await expect(scoreSection).toContainText(`Your credit score:${score}`);
    await expect(scoreSection).toContainText('from a low of 300 to a high of 850');
  }
  const rights = notice.getByRole('region', { name: 'Your rights under the Fair Credit Reporting Act' });
  await expect(rights).toContainText('no later than 60 days');
  await expect(rights).toContainText('the right to dispute');
  await expect(rights.locator('address')).not.toBeEmpty();
  const ecoa = notice.getByRole('region', { name: 'Equal Credit Opportunity Act notice' });
  await expect(ecoa).toContainText('Federal Trade Commission');
  await expect(ecoa).toContainText('NMLS ID');
  await expect(notice.getByRole('button', { name: 'Print this notice' })).toBeVisible();
  await expect(notice.getByText(/^Notice version AAN-/)).toBeVisible();
}

const ineligible = [
  { local: 'low-equity', page: 'low-equity', heading: /doesn’t have enough equity/, reason: /leave \$[\d,]+ to borrow .* smallest line of \$[\d,]+/ },
  { local: 'low-score', page: 'boost', heading: /doesn’t meet our minimum/, reason: /credit score of 610 is below our minimum of \d+/ },
  { local: 'thin-file', page: 'boost', heading: /doesn’t meet our minimum/, reason: /not have enough history to produce a credit score/ },
  { local: 'late-payment', page: 'late-payment', heading: /recent payment problem/, reason: /mortgage payment made \d+ or more\s+days late/ },
] as const;

for (const viewport of viewports) {
  test.describe(`prequalification outcomes (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const c of ineligible) {
      test(`${c.local}: the ${c.page} page with the policy's reasons and the notice, again after a reload`, async ({ page }) => {
        requireRealServer();
        test.setTimeout(90_000);
        const { report } = await prequalifiedApplicant(page, c.local);
        await continueToPreviewOffer(page);
        await expect(page).toHaveURL(new RegExp(`/app/ineligible/${c.page}$`));
        await expect(page.getByRole('heading', { level: 1, name: c.heading })).toBeVisible();
        await expect(page.getByRole('region', { name: 'Why' })).toContainText(c.reason);
        await expect(page.getByRole('region', { name: 'What could change the answer' }).getByRole('listitem').first()).toBeVisible();
        await expectNotice(page, { score: report.score });
        if (c.local === 'late-payment') {
          // The persona's 60-day late payment, as the bureau reported it.
          await expect(page.getByRole('region', { name: 'On your credit report' })).toContainText('60 days late on August 14, 2026');
        }
        await expectNoHorizontalScroll(page);
        await expectNoSeriousA11yViolations(page);
        await screenshot(page, `outcome-${c.local}`);

        // Viewable again: a later visit shows the same notice.
        await page.reload();
        await expectNotice(page, { score: report.score });
        await expect(page.getByRole('region', { name: 'Why' })).toContainText(c.reason);
        // Printed, only the outcome and its notice: the site's header and buttons stay off the paper.
        await page.emulateMedia({ media: 'print' });
        await expect(page.getByRole('banner')).toBeHidden();
        await expect(page.getByRole('button', { name: 'Print this notice' })).toBeHidden();
        await expect(page.getByRole('article', { name: 'Notice of action taken' })).toBeVisible();
        await screenshot(page, `outcome-${c.local}-print`);
      });
    }

    test('an estimate that would not qualify stays on its page: may not qualify, the soft pull offered, no ineligible page and no notice', async ({ page }) => {
      requireRealServer();
      const p = persona('low-equity');
      await page.goto('/');
      await page.evaluate((answers) => {
        localStorage.setItem('prequal-store', JSON.stringify({ state: { answers }, version: 2 }));
      }, p.answers);
      await page.goto('/app/initial-setup/pre-offer');
      const note = page.getByRole('alert').filter({ hasText: 'From what you told us, this may not qualify' });
      await expect(note).toBeVisible();
      await expect(note.getByRole('listitem').first()).toBeVisible();
      await expect(note).toContainText('we have not checked your credit');
      await expect(page.getByRole('link', { name: 'Check my credit with a soft pull' })).toHaveAttribute('href', '/app/initial-setup/credit-score');
      await expect(page).toHaveURL(/\/app\/initial-setup\/pre-offer$/);
      await expect(page.getByRole('article', { name: 'Notice of action taken' })).toHaveCount(0);
      await screenshot(page, 'outcome-estimate-low-equity');
    });

    test('prime: the estimate, then the preview offer with its numbers; the amount picker moves the payment', async ({ page }) => {
      requireRealServer();
      test.setTimeout(90_000);
      // Before any account: the estimate on the answers kept in the browser.
      await page.goto('/');
      await page.evaluate((answers) => {
        localStorage.setItem('prequal-store', JSON.stringify({ state: { answers }, version: 2 }));
      }, persona('prime').answers);
      await page.goto('/app/initial-setup/pre-offer');
      await expect(page.getByRole('heading', { level: 1, name: 'Your estimate' })).toBeVisible();
      await expect(page.getByText('Estimate, not an offer')).toBeVisible();
      await expect(page.getByText(/^Up to \$[\d,]+$/)).toBeVisible();
      await expect(page.getByText(/Based on what you told us/).first()).toBeVisible();
      await screenshot(page, 'outcome-prime-estimate');
      await page.evaluate(() => localStorage.removeItem('prequal-store'));

      await prequalifiedApplicant(page, 'prime');
      await continueToPreviewOffer(page);
      await expect(page).toHaveURL(/\/app\/initial-setup\/preview-offer$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Your preview offer' })).toBeVisible();
      const exactly = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
      const term = (name: string) => page.locator('dt').filter({ hasText: exactly(name) }).locator('xpath=following-sibling::dd[1]');
      await expect(term('Line available')).toHaveText(/^\$[\d,]+$/);
      await expect(term('APR (variable)')).toHaveText(/^\d+\.\d\d%$/);
      await expect(term('Combined loan-to-value (CLTV)')).toHaveText(/^\d+%$/);
      await expect(term('Draw period')).toHaveText('10 years');
      await expect(term('Repayment period')).toHaveText('20 years');

      const amount = page.getByRole('textbox', { name: 'Amount to borrow' });
      // The persona asked for $100,000 on the landing funnel: the policy's line, fee and payments for it.
      await expect(amount).toHaveValue('$100,000');
      await expect(term('Origination fee')).toHaveText(/^\$[\d,]+$/);
      await expect(page.getByText('On a line of $100,000, charged once when it opens.')).toBeVisible();
      const draw = page.getByTestId('draw-payment');
      const before = await draw.textContent();
      await amount.fill('50000');
      await expect(draw).not.toHaveText(before!);
      await expect(page.getByText('On a line of $50,000, charged once when it opens.')).toBeVisible();
      // The policy's interest-only payment on $50,000 at the APR shown, to the cent (checked here, computed there).
      const apr = Number((await term('APR (variable)').textContent())!.replace('%', ''));
      await expect(draw).toHaveText(`$${((50_000 * apr) / 100 / 12).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
      const slider = page.getByRole('slider', { name: 'Amount to borrow' });
      await slider.focus();
      await page.keyboard.press('ArrowRight');
      await expect(amount).toHaveValue('$51,000');
      // The policy's figures for $51,000 are in (no longer dimmed) before the page is checked.
      await expect(page.getByTestId('amount-figures')).toHaveAttribute('aria-busy', 'false');
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'outcome-prime-preview-offer');

      await page.getByRole('button', { name: 'See a printable summary' }).click();
      await expect(page).toHaveURL(/\/start\/best-offer-summary$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Your offer summary' })).toBeVisible();
      await expect(page.locator('dt', { hasText: 'Amount you chose' }).locator('xpath=following-sibling::dd[1]')).toHaveText('$51,000');
      await screenshot(page, 'outcome-prime-summary');
      await page.getByRole('link', { name: 'Continue to the application' }).click();
      await expect(page).toHaveURL(/\/app\/application\/1$/);
      const saved = await trpcQuery<{ answers: { desiredAmount?: number } }>(page, 'prequal.answers');
      expect(saved.answers.desiredAmount).toBe(51_000);
    });

    test('unlicensed: ZIP 10001 leads to the waitlist, which says when New York opens, and joins', async ({ page }) => {
      requireRealServer();
      const p = persona('unlicensed');
      await page.goto('/app/initial-setup/zip');
      await page.getByRole('textbox', { name: 'ZIP code of your home' }).fill(p.answers.zip);
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(page).toHaveURL(/\/join-waitlist\?zip=10001$/);
      await expect(page.getByRole('heading', { level: 1, name: 'We don’t lend in New York yet' })).toBeVisible();
      await expect(page.getByText(/We expect to start lending in New York on [A-Z][a-z]+ \d+, \d{4}\./)).toBeVisible();

      await page.getByRole('button', { name: 'Join the waitlist' }).click();
      await expect(page.getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription(/Enter your first name/);
      await page.getByRole('textbox', { name: 'First name' }).fill(p.firstName);
      await page.getByRole('textbox', { name: 'Last name' }).fill(p.lastName);
      await page.getByRole('textbox', { name: 'E-mail address' }).fill(freshEmail('unlicensed'));
      await page.getByRole('textbox', { name: 'Phone (optional)' }).pressSequentially(p.phone);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'outcome-waitlist');
      await page.getByRole('button', { name: 'Join the waitlist' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'You’re on the list' })).toBeVisible();
      await expect(page.getByText(/We expect to start lending in New York on/)).toBeVisible();
      await screenshot(page, 'outcome-waitlist-joined');
    });
  });
}
