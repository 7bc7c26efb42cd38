import type { Locator, Page } from '@playwright/test';

import { requireRealServer } from './support/heloc';
import { freshEmail, persona } from './support/personas';
import { allowSignInErrors, bothWidths, ready, signInAdmin, signInUnderwriter, submitApplication } from './support/portal';
import {
  expect,
  expectNoSeriousA11yViolations,
  test,
  trpcQuery,
} from './support/fixtures';

// Issue 23, item 2: staff read the whole application on the loan page, in
// people's words. A borrower like the prime persona submits (the steps
// through the procedures their pages call, support/portal.ts); an
// administrator opens the loan's Application tab: the CLTV and DTI are the
// rules' own (the stored preview offer's), every answer is a label, the
// demographic answers are there for the administrator (hmda.read) and not
// for an underwriter; a document previews inline from the Documents tab;
// the export is an action of the page; the Decisions tab lists the credit
// decisions, the page decisions behind a checkbox.

/** A term's value in the description list of a region. */
function term(region: Locator, name: string): Locator {
  return region.locator('dt', { hasText: new RegExp(`^${name.replace(/[()]/g, '\\$&')}$`) }).locator('xpath=following-sibling::dd[1]');
}

async function openTab(staff: Page, loanId: string, tab: string) {
  await staff.goto(`/portal/loan?id=${loanId}&tab=${tab}`);
  await ready(staff);
}

test('staff read the whole application in words, with the rules’ CLTV and DTI; the demographics only with their permission; documents preview inline', async ({
  page,
  browser,
}) => {
  requireRealServer();
  test.setTimeout(360_000);
  allowSignInErrors();
  const p = persona('prime');
  const loanId = await submitApplication(page, freshEmail(p));
  const staff = await signInAdmin(browser, { address: '100.64.250.21' });

  // The Application tab: the rules' figures, read from the stored preview offer.
  await openTab(staff, loanId, 'application');
  const figures = staff.getByRole('region', { name: 'CLTV and DTI' });
  await expect(figures).toBeVisible();
  type Stored = { items: { result: { cltv: number; dti: { ratio: number | null } | null } }[] };
  const stored = await trpcQuery<Stored>(staff, 'portal.decisions', { loanId, entrypoint: 'heloc.offer.preview' });
  const offer = stored.items[0]!.result;
  await expect(term(figures, 'Combined loan-to-value (CLTV)')).toHaveText(`${(offer.cltv * 100).toFixed(2)}%`);
  if (offer.dti?.ratio != null) await expect(term(figures, 'Debt-to-income (DTI)')).toHaveText(`${(offer.dti.ratio * 100).toFixed(2)}%`);

  // Every answer by its label, never its code.
  const property = staff.getByRole('region', { name: 'Property and occupancy' });
  await expect(term(property, 'Occupancy')).toHaveText('Primary Home');
  await expect(term(property, 'Property type')).toHaveText('Single-family home');
  await expect(term(property, 'Title held as')).toHaveText('Sole ownership');
  const borrower = staff.getByRole('region', { name: `Borrower: ${p.firstName} ${p.lastName}` });
  await expect(term(borrower, 'Citizenship')).toHaveText('U.S. citizen');
  await expect(term(borrower, 'Marital status')).toHaveText('Married');
  await expect(term(borrower, 'Housing')).toHaveText('Currently Own');
  await expect(borrower.getByText('Employment at Initech', { exact: true })).toBeVisible();
  await expect(borrower.getByText('Will occupy the property as their primary residence')).toBeVisible();
  // The report's accounts by their kind in words (the sandbox bureau reports an installment loan).
  await expect(staff.getByRole('region', { name: 'Credit report' })).toContainText('Installment loan');
  const text = await staff.locator('main').innerText();
  expect(text).not.toMatch(/usCitizen|primaryResidence|soleOwnership|singleFamily|\b\d{4}-\d{2}-\d{2}\b/);
  // The demographic answers, apart, for the administrator.
  const hmda = staff.getByRole('region', { name: 'Demographic information (HMDA)' });
  await expect(hmda).toContainText('Not for underwriting');
  await expect(term(hmda, 'Race')).toHaveText('Does not wish to provide this information');
  await expectNoSeriousA11yViolations(staff);
  await bothWidths(staff, 'portal-application');

  // The Borrower tab: the SSN masked to its last four, answers in words.
  await openTab(staff, loanId, 'borrower');
  await expect(staff.getByTestId('value-borrower.ssn')).toHaveText(`***-**-${p.identity.ssn.slice(-4)}`);
  await expect(staff.getByText('U.S. citizen')).toBeVisible();

  // A document previewed inline, from the download address, as the page frames it.
  await openTab(staff, loanId, 'documents');
  // Each file's kind in words, the ID photo's too (the policy does not list it among the documents asked).
  await expect(staff.getByText(/^Government-issued photo ID \(front side\)/)).toBeVisible();
  await expect(staff.getByText(/idDocument \(/)).toHaveCount(0);
  const preview = staff.getByRole('button', { name: /^Preview .+\.png$/ }).first();
  const name = ((await preview.textContent()) ?? '').replace(/^Preview /, '');
  await preview.click();
  const image = staff.getByRole('img', { name: `Preview of ${name}` });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(staff);
  await bothWidths(staff, 'portal-document-preview');

  // The Decisions tab: credit decisions, the page decisions behind a checkbox; the export is the page's action.
  await openTab(staff, loanId, 'decisions');
  await expect(staff.getByRole('heading', { name: /^Credit decisions \(\d+\)$/ })).toBeVisible();
  await expect(staff.getByRole('heading', { level: 4, name: 'Preview offer' }).first()).toBeVisible();
  await expect(staff.getByRole('radio', { name: /^Pages of the application/ })).toHaveCount(0);
  await expect(staff.getByRole('heading', { level: 4, name: 'Portal access' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(staff);
  await bothWidths(staff, 'portal-credit-decisions');
  await staff.getByRole('checkbox', { name: /^Show page decisions too/ }).check();
  await expect(staff.getByRole('heading', { name: /^Decisions \(\d+\)$/ })).toBeVisible();
  await expect(staff.getByRole('radio', { name: /^Pages of the application \(\d+\)$/ })).toBeVisible();
  await staff.getByRole('button', { name: 'Export to the loan system' }).click();
  await expect(staff.getByRole('dialog', { name: 'Export to the loan system' }).getByRole('radiogroup', { name: 'Loan system' })).toBeVisible();
  await expectNoSeriousA11yViolations(staff);
  await staff.keyboard.press('Escape');

  // An underwriter decides: the Application tab has no demographic answers for them.
  const uw = await signInUnderwriter(browser, '100.64.252.12');
  await openTab(uw, loanId, 'application');
  await expect(uw.getByRole('region', { name: 'Property and occupancy' })).toBeVisible();
  await expect(uw.getByRole('region', { name: 'Demographic information (HMDA)' })).toHaveCount(0);
  await expect(uw.getByText('Does not wish to provide this information')).toHaveCount(0);
  await bothWidths(uw, 'portal-application-underwriter');
});
