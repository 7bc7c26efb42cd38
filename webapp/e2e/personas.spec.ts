import type { Page } from '@playwright/test';

import { requireRealServer } from './support/heloc';
import { expect, expectNoHorizontalScroll, screenshot, test, viewports } from './support/fixtures';
import { answerPropertyUsage, freshEmail, persona, walkCreditToDecision, walkLanding, walkSelfReported } from './support/personas';

// Every sandbox persona walks from the home page to its outcome, typing its
// own answers (fixtures/personas.json), its outcome checked at desktop and
// phone widths (walkedAtBothWidths below says which walks are taken at
// both): a preview offer with its numbers, the right ineligible page with the
// policy's reasons in its words (only after the soft pull), or the waitlist
// of a state the lender is not licensed in. The prime persona's walk counts
// its pages: the spec's landing funnel, from the call to action to the
// preview offer, in at most 14 (issue 22). The outcomes are the policies' (rules/heloc/eligibility,
// offer, licensing) on the sandbox bureau's file for the persona.

type Outcome =
  | { kind: 'offer' }
  /** settled: the report alone refuses, so the page comes right after the credit check, before the coborrower and mortgage questions. */
  | { kind: 'ineligible'; page: 'low-equity' | 'boost' | 'late-payment'; reason: RegExp; before: 'offer'; settled?: boolean }
  | { kind: 'waitlist'; state: string };

const outcomes: Record<string, Outcome> = {
  prime: { kind: 'offer' },
  coborrower: { kind: 'offer' },
  'self-employed': { kind: 'offer' },
  florida: { kind: 'offer' },
  trust: { kind: 'offer' },
  'no-mortgage': { kind: 'offer' },
  // The report's mortgages, confirmed, leave too little to borrow.
  'low-equity': { kind: 'ineligible', page: 'low-equity', reason: /leave \$[\d,]+ to borrow/, before: 'offer' },
  'low-score': { kind: 'ineligible', page: 'boost', reason: /Your credit score of 610 is below our minimum of \d+/, before: 'offer', settled: true },
  'thin-file': { kind: 'ineligible', page: 'boost', reason: /not have enough history to produce a credit score/, before: 'offer' },
  'late-payment': {
    kind: 'ineligible',
    page: 'late-payment',
    reason: /days late in the last \d+ months\. It stops counting against a line after [A-Z][a-z]+ \d{1,2}, \d{4}\./,
    before: 'offer',
  },
  unlicensed: { kind: 'waitlist', state: 'New York' },
};

/**
 * The personas whose walk is taken at both widths: the prime one, and the
 * coborrower one, whose pages ask most. Every other persona walks the same
 * pages at desktop width (the pages they share are walked at phone width by
 * these two), and its outcome page is checked at phone width too, by
 * narrowing the window where the walk ends.
 */
const walkedAtBothWidths = new Set(['prime', 'coborrower']);
const phone = viewports.find((v) => v.name === 'phone')!;

/** The pages the browser shows from now on, each once in the order first shown (from the home page's call to action on). */
function pagesWalked(page: Page): () => string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const path = new URL(frame.url()).pathname;
    if (path !== '/' && !seen.includes(path)) seen.push(path);
  });
  return () => [...seen];
}

/** The outcome page, as the walk left it, checked at the phone's width as well: no sideways scroll, and its picture. */
async function atPhoneWidthToo(page: Page, name: string, viewportName: string) {
  if (viewportName === phone.name || walkedAtBothWidths.has(name)) return;
  await page.setViewportSize({ width: phone.width, height: phone.height });
  await expectNoHorizontalScroll(page);
  await screenshot(page, `persona-${name}-${phone.name}`);
}

for (const viewport of viewports) {
  test.describe(`personas, ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const [name, outcome] of Object.entries(outcomes)) {
      if (viewport.name === phone.name && !walkedAtBothWidths.has(name)) continue;
      test(`${name} walks from the home page to ${outcome.kind === 'ineligible' ? outcome.page : outcome.kind}`, async ({ page }) => {
        requireRealServer();
        test.setTimeout(180_000);
        const p = persona(name);
        const walked = pagesWalked(page);
        await walkLanding(page, p, freshEmail(p));
        await walkSelfReported(page, p);

        if (outcome.kind === 'waitlist') {
          await expect(page).toHaveURL(/\/join-waitlist\?zip=\d{5}$/);
          await expect(page.getByText(outcome.state).first()).toBeVisible();
          await screenshot(page, `persona-${name}-${viewport.name}`);
          await atPhoneWidthToo(page, name, viewport.name);
          return;
        }

        await answerPropertyUsage(page);
        await walkCreditToDecision(page, p, { settledByReport: outcome.kind === 'ineligible' && outcome.settled === true });

        if (outcome.kind === 'ineligible') {
          await expect(page).toHaveURL(new RegExp(`/app/ineligible/${outcome.page}$`));
          await expect(page.getByText(outcome.reason)).toBeVisible();
          // The adverse-action notice of a decision made on the bureau's file.
          await expect(page.getByRole('heading', { name: /notice/i }).first()).toBeVisible();
        } else {
          await expect(page).toHaveURL(/\/app\/initial-setup\/preview-offer$/);
          await expect(page.getByRole('heading', { level: 1, name: 'Your preview offer' })).toBeVisible();
          await expect(page.getByText('Line available')).toBeVisible();
          await expect(page.getByText(/^\$\d{2,3},\d{3}$/).first()).toBeVisible();
          await expect(page.getByText(/\d+\.\d+%/).first()).toBeVisible();
          if (name === 'prime') {
            // One progress bar from the name to here, and the pages walked (the call to action's target on).
            await expect(page.getByText('Step 14 of 14')).toBeVisible();
            expect(walked()).toEqual([
              '/start/name', '/start/email',
              ...['property-value', 'mortgage-estimate', 'has-fbm', 'is-self-employed', 'credit-range', 'zip', 'property-usage', 'credit-score', 'coborrower', 'mortgage-balance', 'credit-income', 'preview-offer'].map(
                (slug) => `/app/initial-setup/${slug}`,
              ),
            ]);
          }
        }
        await expectNoHorizontalScroll(page);
        await screenshot(page, `persona-${name}-${viewport.name}`);
        await atPhoneWidthToo(page, name, viewport.name);
      });
    }
  });
}
