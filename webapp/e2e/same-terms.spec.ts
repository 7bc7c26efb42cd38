import type { Locator, Page } from '@playwright/test';

import { mutate, saveApplicationThrough, submitAfterSigning } from './support/application';
import { requireRealServer } from './support/heloc';
import { continueToPreviewOffer, freshEmail, persona, prequalifiedApplicant } from './support/personas';
import { signInAdmin } from './support/portal';
import { expect, expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshot, test, viewports } from './support/fixtures';

// Issue 20, "Done when": the offer page, the Truth in Lending disclosure and
// the portal show the same line, fee and monthly payments for the amount
// chosen. Against the real server, at desktop width, one new applicant like
// the prime persona:
//  1. on the preview offer, the amount picker at the largest line, then at
//     an amount below it: the page asks the policy again, and shows the line
//     it gives (the amount kept within the offer's bounds), the origination
//     fee on it and the monthly payments in the draw and repayment periods;
//  2. the application's pages saved through the procedures their pages call
//     (each has its own journey), the Truth in Lending disclosure on the
//     sign page, read before signing: its credit limit, origination fee and
//     the minimum payments on the whole credit limit; then signed on the page;
//  3. the application submitted (the steps between through their
//     procedures), a portal administrator opens the loan from the pipeline
//     and reads the line offered on its summary.
// Every figure is read as a person reads it, from the page's words beside
// its label; the three pages must agree with each other and with the amount
// chosen, and the fee must be the fee on that amount, not on the largest line.

/** A money figure as written ("$75,000", "$583.33", "$583"), in cents. */
function cents(text: string): number {
  const m = /^\$(\d{1,3}(?:,\d{3})*)(?:\.(\d\d))?$/.exec(text.trim());
  if (!m) throw new Error(`not an amount: ${JSON.stringify(text)}`);
  return Number(m[1]!.replaceAll(',', '')) * 100 + Number(m[2] ?? 0);
}

const money = /\$\d{1,3}(?:,\d{3})*(?:\.\d\d)?/;

/** The value of a term in a description list (its first <dd>). */
function term(scope: Locator | Page, name: string): Locator {
  const exactly = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  return scope.locator('dt').filter({ hasText: exactly }).locator('xpath=following-sibling::dd[1]');
}

type Figures = { line: string; fee: string; draw: string; repayment: string };

/** The amount picker's figures once the policy's answer for the amount is in (no longer dimmed). */
async function pickerFigures(page: Page, amount: number): Promise<Figures> {
  const picker = page.getByRole('region', { name: 'Choose how much to borrow' });
  const field = picker.getByRole('textbox', { name: 'Amount to borrow' });
  await field.fill(String(amount));
  await expect(field).toHaveValue(`$${amount.toLocaleString('en-US')}`);
  const figures = picker.locator('dl');
  await expect(figures).toHaveAttribute('aria-busy', 'false');
  // The line the policy gave is named under the fee.
  const onLine = picker.getByText(/^On a line of \$[\d,]+, charged once when it opens\.$/);
  await expect(onLine).toBeVisible();
  return {
    line: money.exec((await onLine.textContent())!)![0],
    fee: (await term(figures, 'Origination fee').textContent())!,
    draw: (await term(figures, 'Monthly payment in the draw period').textContent())!,
    repayment: (await term(figures, 'Monthly payment in repayment').textContent())!,
  };
}

test('the offer page, the Truth in Lending disclosure and the portal show the same line, fee and monthly payments for the amount chosen', async ({
  page,
  browser,
}) => {
  requireRealServer();
  test.setTimeout(300_000);
  const desktop = viewports[0];
  await page.setViewportSize({ width: desktop.width, height: desktop.height });
  const p = persona('prime');
  const email = freshEmail(p);

  // 1. The preview offer, as the funnel reaches it (the question pages
  // before it answered through the procedures they call: their own
  // journeys walk them).
  await prequalifiedApplicant(page, p, email);
  await continueToPreviewOffer(page);
  await expect(page).toHaveURL(/\/app\/initial-setup\/preview-offer$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your preview offer' })).toBeVisible();
  const maxLine = cents((await term(page, 'Line available').textContent())!) / 100;
  const [minLine] = ((await page.getByText(/^From \$[\d,]+ to \$[\d,]+\.$/).textContent())!.match(/\$[\d,]+/g) ?? []).map((s) => cents(s) / 100);
  // An amount below the largest line, other than the one asked for on the landing funnel.
  const chosen = 75_000;
  expect(minLine).toBeLessThan(chosen);
  expect(maxLine).toBeGreaterThan(chosen);
  expect(p.answers.desiredAmount).not.toBe(chosen);

  // The figures on the whole line first, then on the amount chosen.
  const atMax = await pickerFigures(page, maxLine);
  expect(atMax.line).toBe(`$${maxLine.toLocaleString('en-US')}`);
  const offer = await pickerFigures(page, chosen);
  // The line the policy gives is the amount chosen (it is within the offer's bounds).
  expect(offer.line).toBe('$75,000');
  for (const figure of [offer.fee, offer.draw, offer.repayment]) expect(figure).toMatch(/^\$[\d,]+(\.\d\d)?$/);
  // The fee and the payments are those of the amount chosen, not of the whole line.
  expect(cents(offer.fee)).not.toBe(cents(atMax.fee));
  expect(cents(offer.draw)).toBeLessThan(cents(atMax.draw));
  expect(cents(offer.repayment)).toBeLessThan(cents(atMax.repayment));
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'same-terms-offer');
  await page.getByRole('button', { name: 'Continue to the application' }).click();
  await expect(page).toHaveURL(/\/app\/application\/1$/);

  // 2. The pages before signing through the procedures their pages call; the disclosure read on the sign page.
  await saveApplicationThrough(page, p, '/app/application/7');
  await page.goto('/app/application/sign');
  await expect(page.getByRole('heading', { level: 1, name: 'Review and sign your disclosures' })).toBeVisible();
  const tilaTitle = 'Truth in Lending disclosure for open-end credit';
  await expect(page.getByRole('heading', { level: 2, name: tilaTitle })).toBeVisible();
  const tila = page.getByRole('region', { name: `${tilaTitle}, full text` });
  const item = (start: string) => tila.getByRole('listitem').filter({ hasText: new RegExp(`^${start}`) });
  const limitText = (await item('Credit limit:').textContent())!;
  const feeText = (await item('Origination fee:').textContent())!;
  const drawText = (await item('Minimum payment in the draw period:').textContent())!;
  const repaymentText = (await item('Minimum payment in the repayment period:').textContent())!;
  const wholeLineDraw = /On your whole credit limit of (\$[\d,]+) it would be about (\$[\d,]+(?:\.\d\d)?) a month\./.exec(drawText);
  const wholeLineRepayment = /on your whole credit limit of (\$[\d,]+), about (\$[\d,]+(?:\.\d\d)?) a month\./.exec(repaymentText);
  expect(wholeLineDraw, drawText).not.toBeNull();
  expect(wholeLineRepayment, repaymentText).not.toBeNull();
  const disclosure: Figures = {
    line: /^Credit limit: (\$[\d,]+)$/.exec(limitText.trim())?.[1] ?? limitText,
    fee: /^Origination fee: (\$[\d,]+)$/.exec(feeText.trim())?.[1] ?? feeText,
    draw: wholeLineDraw![2]!,
    repayment: wholeLineRepayment![2]!,
  };
  expect(wholeLineDraw![1]).toBe(disclosure.line);
  expect(wholeLineRepayment![1]).toBe(disclosure.line);
  await item('Minimum payment in the draw period:').scrollIntoViewIfNeeded();
  await screenshot(page, 'same-terms-disclosure');

  // Signed on the page, as the borrower signs.
  for (const heading of await page.getByRole('heading', { level: 2 }).allTextContents()) {
    const read = page.getByRole('checkbox', { name: `I have read “${heading}”` });
    if ((await read.count()) === 1) await read.check();
  }
  await page.getByRole('checkbox', { name: /I agree to receive these documents electronically/ }).check();
  await page.getByRole('textbox', { name: 'Type your full name to sign' }).fill(`${p.firstName} ${p.lastName}`);
  await page.getByRole('button', { name: 'Sign and continue' }).click();
  await expect(page).toHaveURL(/\/app\/application\/income-verification$/);

  // 3. The steps after signing through their procedures, then the submission.
  await mutate(page, 'verification.incomeDocuments', { party: 'borrower' });
  await submitAfterSigning(page, p);

  // A portal administrator finds the loan in the pipeline and opens it.
  const staff = await signInAdmin(browser, { address: '100.64.250.20' });
  await staff.getByRole('textbox', { name: 'Search by name or e-mail' }).fill(email);
  await staff.getByRole('button', { name: 'Search', exact: true }).click();
  const table = staff.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link', { name: `${p.firstName} ${p.lastName}` }).click();
  await expect(staff).toHaveURL(/\/portal\/loan\?id=[0-9a-f]{32}/);
  const offered = staff.getByRole('region', { name: 'Line offered' });
  await expect(offered).toBeVisible();
  const portal: Figures = {
    line: (await term(offered, 'Line amount').textContent())!,
    fee: (await term(offered, 'Origination fee').textContent())!,
    draw: (await term(offered, 'Monthly payment in the draw period').textContent())!,
    repayment: (await term(offered, 'Monthly payment in repayment').textContent())!,
  };
  await expectNoSeriousA11yViolations(staff);
  await expectNoHorizontalScroll(staff);
  await screenshot(staff, 'same-terms-portal');
  await staff.context().close();

  // The three agree, with each other and with the amount chosen. The offer
  // page and the portal write money alike; the disclosure writes whole
  // dollars without cents ("$583" for $583.00), so figures compare in cents.
  console.log(JSON.stringify({ chosen, atMax, offer, disclosure, portal }));
  expect(portal).toEqual(offer);
  const inCents = (f: Figures) => ({ line: cents(f.line), fee: cents(f.fee), draw: cents(f.draw), repayment: cents(f.repayment) });
  expect(inCents(disclosure)).toEqual(inCents(offer));
  expect(cents(offer.line)).toBe(chosen * 100);
  expect(cents(portal.fee)).not.toBe(cents(atMax.fee));
});
