import type { Page } from '@playwright/test';

import { requireRealServer } from './support/heloc';
import { expect, expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshot, test, viewports } from './support/fixtures';
import {
  answerCoborrower,
  answerPropertyUsage,
  checkCredit,
  confirmMortgages,
  fillAmount,
  freshEmail,
  persona,
  walkLanding,
  walkSelfReported,
} from './support/personas';

// Decisions that are not a "no" (issue 20): a missing answer and a
// self-reported answer never decline. On the alternate /prequal path (whose
// address page now asks the homeowner's estimate of the value), the preview
// offer shows the offer, or asks for what the policy lacks, and never goes
// to an ineligible page; a
// visitor who says their credit is below 640 is told it may not qualify and
// offered the soft credit check, not sent to /app/ineligible/boost. Against
// the real server, at desktop and phone widths.

/** Goes to a page inside the app, as a link would (not a fresh arrival, which the resume rule sends to the loan's page). */
async function goInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

async function answer(page: Page, question: string, choice: string) {
  await page.getByRole('radiogroup', { name: question }).getByRole('radio', { name: choice, exact: true }).check();
}

/**
 * Continue, a button on a question page and a link on the estimate page;
 * then the next page itself, by its own heading (while its code loads, its
 * address shows the page loader first).
 */
async function continueTo(page: Page, url: RegExp) {
  const heading = page.getByRole('heading', { level: 1 });
  const before = await heading.innerText();
  await page
    .getByRole('button', { name: 'Continue', exact: true })
    .or(page.getByRole('link', { name: 'Continue', exact: true }))
    .click();
  await expect(page).toHaveURL(url);
  await expect(heading).not.toHaveText(before);
}

/** Fails the test as soon as the app goes to an ineligible page. */
function neverIneligible(page: Page) {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url().includes('/app/ineligible/')) seen.push(frame.url());
  });
  return () => expect(seen, 'an ineligible page was shown').toEqual([]);
}

for (const viewport of viewports) {
  test.describe(`decisions that are not a no (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the /prequal path, entered signed in, reaches the preview offer and is not declined', async ({ page }) => {
      requireRealServer();
      test.setTimeout(180_000);
      const p = persona('prime');
      const checkNeverIneligible = neverIneligible(page);
      await walkLanding(page, p, freshEmail(p));
      await goInApp(page, '/prequal/address');

      await page.getByRole('textbox', { name: 'Street address' }).fill('455 Valencia Street');
      await page.getByRole('textbox', { name: 'City' }).fill('San Francisco');
      await page.getByRole('textbox', { name: 'State' }).fill('CA');
      await page.getByRole('textbox', { name: 'ZIP code' }).fill(p.answers.zip);
      // The address page asks the homeowner's own estimate of the value (issue 22 item 4).
      await fillAmount(page, 'Your estimate of your home’s value', p.answers.propertyValue);
      await continueTo(page, /\/prequal\/listed-for-sale$/);
      await answer(page, 'Has your home been listed for sale in the last 6 months?', 'No');
      await continueTo(page, /\/prequal\/subject-to-mortgage$/);
      await answer(page, 'Is there a mortgage on your home?', p.answers.hasMortgage ? 'Yes' : 'No');
      await continueTo(page, /\/prequal\/has-fbm$/);
      for (const question of ['Have you had a home foreclosed?', 'Have you declared bankruptcy?', 'Has a mortgage loan of yours been modified?']) {
        await answer(page, question, 'No');
      }
      await continueTo(page, /\/prequal\/credit-check$/);
      await checkCredit(page, p);
      await continueTo(page, /\/prequal\/coborrower$/);
      await answerCoborrower(page, p);
      await continueTo(page, /\/prequal\/mortgage-select$/);
      await confirmMortgages(page, p);
      await continueTo(page, /\/prequal\/debts$/);
      await continueTo(page, /\/prequal\/pre-offer$/);

      // The estimate, or what it still needs: never a "no".
      await expect(page.getByRole('heading', { level: 1, name: 'Your estimate' })).toBeVisible();
      const estimateAsks = page.getByRole('link', { name: /^Your home.s value$/ });
      await expect(estimateAsks.or(page.getByText('Estimate, not an offer'))).toBeVisible();
      await screenshot(page, `prequal-path-pre-offer-${viewport.name}`);

      await continueTo(page, /\/prequal\/preview-offer$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Your preview offer' })).toBeVisible();
      // Whatever the server now answers: a question about the home's value, or an offer; never a "no".
      const asks = page.getByText('We need a few more answers');
      const offer = page.getByRole('heading', { name: 'Choose how much to borrow' });
      await expect(asks.or(offer)).toBeVisible();
      if (await asks.isVisible()) {
        const link = page.getByRole('link', { name: /^Your home.s value$/ });
        await expect(link).toHaveAttribute('href', '/app/initial-setup/property-value');
      } else {
        await expect(page.getByTestId('draw-payment')).toHaveText(/^\$[\d,]+\.\d\d$/);
      }
      await expect(page.getByText('We can’t make you an offer right now')).toHaveCount(0);
      await expect(page.getByRole('article', { name: 'Notice of action taken' })).toHaveCount(0);
      await expect(page).toHaveURL(/\/prequal\/preview-offer$/);
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `prequal-path-preview-offer-${viewport.name}`);
      checkNeverIneligible();
    });

    test('“Below 640” is told it may not qualify and offered the soft pull, never the boost page', async ({ page }) => {
      requireRealServer();
      test.setTimeout(180_000);
      const p = persona('prime');
      const checkNeverIneligible = neverIneligible(page);
      await walkLanding(page, p, freshEmail(p));
      await walkSelfReported(page, { ...p, answers: { ...p.answers, creditRange: 'poor' } });
      await answerPropertyUsage(page);

      // The default path goes on to the soft pull; the self-reported estimate (beside it) says the same.
      await expect(page).toHaveURL(/\/app\/initial-setup\/credit-score$/);
      await goInApp(page, '/app/initial-setup/pre-offer');
      const note = page.getByRole('alert').filter({ hasText: 'From what you told us, this may not qualify' });
      await expect(note).toBeVisible();
      await expect(note.getByRole('listitem').first()).toBeVisible();
      await expect(note).toContainText('we have not checked your credit');
      // No score the visitor never gave (only the range they chose and the policy's minimum), no notice.
      await expect(note).not.toContainText(/your (credit )?score (of|is) \d/i);
      await expect(note).not.toContainText(/soft credit check (shows|showed) your/i);
      await expect(page.getByRole('article', { name: 'Notice of action taken' })).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `estimate-below-640-${viewport.name}`);

      await page.getByRole('link', { name: 'Check my credit with a soft pull' }).click();
      await expect(page).toHaveURL(/\/app\/initial-setup\/credit-score$/);
      await expect(page.getByRole('button', { name: 'Check my credit' })).toBeVisible();
      checkNeverIneligible();
    });
  });
}
