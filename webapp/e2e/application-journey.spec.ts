import type { Locator, Page } from '@playwright/test';

import {
  choose,
  expectDone,
  fillEmployer,
  fillPerson,
  fillPropertyInfo,
  pickFiles,
  region,
  startApplication,
  walkToApplication,
} from './support/application';
import { coborrowerDoesTheirPart } from './support/coborrower';
import { requireRealServer } from './support/heloc';
import { freshEmail, persona, type Persona } from './support/personas';
import { signInApplicant } from './support/sign-in';
import { expect, expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshot, test, viewports } from './support/fixtures';

// The whole application in a browser against the real server, as a person
// fills it in: a new applicant like the prime persona, applying with a
// coborrower, walks prequalification to the preview offer, then every page
// of the application in the order the funnel policy gives, each saved with
// its own button: personal information for both, the property, other real
// estate, both employment histories, other income, the debts to pay off,
// demographics and declarations for both. Half-way, the borrower signs out
// and signs in again, and the app resumes at the page the loan has reached.
// Then the disclosures are signed by both, the borrower's job is verified
// through the sandbox payroll network while the coborrower chooses pay
// documents, both IDs are verified, the documents the policy still asks are
// uploaded (the coborrower's paystubs and W-2s among them), the account and
// first draw are saved and the application is submitted. Afterwards the
// summary shows what was entered, read-only, and no page takes a change.

const journeyPersona = (): Persona => {
  const prime = persona('prime');
  const coborrower = persona('coborrower').answers.coborrower!;
  return { ...prime, answers: { ...prime.answers, hasCoborrower: true, coborrower } };
};

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue', exact: true });

/** Continue, then wait for the next page itself: its address and its own heading, not the last page's. */
async function continueTo(page: Page, path: string) {
  const heading = page.getByRole('heading', { level: 1 });
  const before = await heading.innerText();
  await continueButton(page).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(heading).toBeVisible();
  await expect(heading).not.toHaveText(before);
}

/** Uploads as many files into a required document's card as it still misses. */
async function uploadMissing(page: Page, person: Locator) {
  await expect(person.getByText(/still missing$|^Nothing is needed from this person\.$|^Nothing missing$/).first()).toBeVisible();
  for (const card of await person.getByRole('group').all()) {
    const missing = Number(await card.locator('dt', { hasText: 'Missing' }).locator('xpath=following-sibling::dd[1]').innerText());
    if (!missing) continue;
    await pickFiles(page, card.getByRole('button', { name: 'Upload a file' }), missing);
    await expect(card.locator('dt', { hasText: 'Missing' }).locator('xpath=following-sibling::dd[1]')).toHaveText('0');
  }
}

/** One person's identity check: a passport, its front photographed. */
async function verifyPassport(page: Page, person: Locator, verify: string) {
  await person.getByRole('radio', { name: /Passport/ }).check();
  const front = person.getByRole('group', { name: 'Front of the passport' });
  await pickFiles(page, front.getByRole('button', { name: 'Take a photo' }), 1);
  // The check reads the sides on file once the page has them again (the upload's own status comes first).
  await expect(front.getByText('A photo of the front is uploaded.', { exact: false })).toBeVisible();
  await person.getByRole('button', { name: verify }).click();
  await expect(person.getByRole('status').filter({ hasText: /ID verified|in review/ })).toBeVisible();
}

for (const viewport of viewports) {
  test(`a borrower with a coborrower completes the whole application, leaving half-way and coming back, and submits it: ${viewport.name}`, async ({ page }) => {
  requireRealServer();
  test.setTimeout(600_000);
  await page.setViewportSize(viewport);
  const p = journeyPersona();
  const co = p.answers.coborrower!;
  const coName = `${co.firstName} ${co.lastName}`;
  const email = freshEmail(p);
  await walkToApplication(page, p, email);

  // 1 Personal info, for both.
  const you = page.getByRole('group', { name: 'You', exact: true });
  const them = page.getByRole('group', { name: 'Your coborrower' });
  // The date of birth and SSN given at the credit check, shown to confirm, not asked again.
  await expect(you.getByRole('region', { name: 'From your credit check' })).toContainText(`***-**-${p.identity.ssn.slice(-4)}`);
  // The phone is asked here, once (the landing funnel no longer asks it).
  await fillPerson(you, { ssn: null, phone: p.phone });
  // The coborrower's date of birth and SSN are theirs to give, in their own sign-in.
  await expect(them.getByRole('textbox', { name: 'Date of birth' })).toHaveCount(0);
  await fillPerson(them, { ssn: null, phone: '2065550144' });
  await continueTo(page, '/app/application/2');

  // 2 Property info (the home is where they live: same as the current address), 3 no other real estate.
  await page.getByRole('checkbox', { name: 'Same as my current address' }).check();
  await expect(page.getByRole('textbox', { name: 'Property address: street address' })).toHaveValue('1200 Alder Street');
  await fillPropertyInfo(page);
  await continueTo(page, '/app/application/3');
  await choose(page, 'Do you own any other real estate besides this property?', 'No');
  await continueTo(page, '/app/application/4');

  // 4 The borrower's job, the one the payroll network knows; 4/coborrower theirs.
  await fillEmployer(page.getByRole('group', { name: /^Employer 1/ }), {
    name: 'Bayview Analytics Inc.', position: 'Senior Data Analyst', start: '03/2017', selfEmployed: false, base: '17500',
  });
  await continueTo(page, '/app/application/4/coborrower');
  await fillEmployer(page.getByRole('group', { name: /^Employer 1/ }), {
    name: 'Evergreen School District', position: 'Teacher', start: '08/2012', selfEmployed: false, base: '6400',
  });
  await continueTo(page, '/app/application/other-income');

  // Other income: none for the borrower, a pension for the coborrower.
  await continueTo(page, '/app/application/other-income/coborrower');
  await page.getByRole('button', { name: 'Add an income' }).click();
  const income = page.getByRole('group', { name: /^Income 1/ });
  await income.getByRole('combobox', { name: 'Kind of income' }).selectOption('Pension');
  await income.getByRole('textbox', { name: 'Monthly amount' }).fill('800');
  await continueTo(page, '/app/application/debt-consolidation');

  // Debt consolidation: the credit report's card balance is paid off at closing.
  await page.getByRole('checkbox', { name: /Pacific Card Services/ }).check();
  await screenshot(page, 'journey-debt-consolidation');
  await continueTo(page, '/app/application/6');

  // 6 Demographics: the borrower declines each question; the page waits
  // for the coborrower, who is sent the invitation and gives their own
  // part in their own sign-in (coborrower-self.spec.ts walks it by hand).
  for (const legend of ['Ethnicity', 'Race', 'Sex']) {
    await region(page, 'Your information').getByRole('group', { name: legend }).getByRole('checkbox', { name: 'I do not wish to provide this information' }).check();
  }
  await expect(region(page, `Waiting for ${coName}`)).toBeVisible();
  await coborrowerDoesTheirPart(page, { ...co, dateOfBirth: '1982-03-15', ssn: '123450106' });
  await continueTo(page, '/app/application/7');

  // 7 Declarations: living in the home (carried from its use), None of these apply to the rest, the credit check authorized.
  const mine = region(page, 'Your declarations');
  await expect(mine.getByRole('radiogroup', { name: /occupy the property as your primary residence/ }).getByRole('radio', { name: 'Yes' })).toBeChecked();
  await mine.getByRole('button', { name: 'None of these apply to me' }).click();
  await expect(mine.getByRole('radiogroup', { name: /declared bankruptcy/ }).getByRole('radio', { name: 'No' })).toBeChecked();
  await mine.getByRole('checkbox', { name: /I authorize the lender to obtain my credit report/ }).check();
  await expect(region(page, `${coName} has done their part`)).toBeVisible();
  await continueTo(page, '/app/application/sign');
  await expectDone(page, ['Personal info', 'Property info', 'Employment history', 'Declarations']);

  // Half-way: signed out and back in, the app resumes where the loan is.
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signInApplicant(page, email);
  await expect(page).toHaveURL(/\/app\/application\/sign$/);

  // Sign: every document read, consent, the borrower's name typed (the coborrower signed in their own sign-in).
  await expect(page.getByRole('heading', { level: 1, name: 'Review and sign your disclosures' })).toBeVisible();
  const read = page.getByRole('checkbox', { name: /^I have read “/ });
  await expect(read).toHaveCount(4); // the agreement, Truth in Lending, the early disclosure, the booklet
  for (const box of await read.all()) await box.check();
  await page.getByRole('checkbox', { name: /I agree to receive these documents electronically/ }).check();
  await page.getByRole('textbox', { name: 'Type your full name to sign', exact: true }).fill(`${p.firstName} ${p.lastName}`);
  await page.getByRole('button', { name: 'Sign and continue' }).click();
  await expect(page).toHaveURL(/\/app\/application\/income-verification$/);

  // Income verification: the borrower's payroll, the coborrower's documents.
  const yourIncome = page.getByRole('region', { name: `You: ${p.firstName} ${p.lastName}` });
  await yourIncome.getByRole('radio', { name: /Connect my payroll account/ }).check();
  await yourIncome.getByRole('button', { name: 'Connect payroll' }).click();
  await expect(yourIncome.getByRole('listitem').filter({ hasText: 'Bayview Analytics' })).toContainText('Verified by payroll');
  const theirIncome = page.getByRole('region', { name: `Your coborrower: ${coName}` });
  await theirIncome.getByRole('radio', { name: 'Upload pay documents' }).check();
  await theirIncome.getByRole('button', { name: `Use pay documents for ${coName}` }).click();
  await expect(theirIncome.getByRole('listitem').filter({ hasText: /most recent paystubs/ })).toBeVisible();
  await continueTo(page, '/app/application/identity-verification');

  // Identity: both passports.
  await verifyPassport(page, page.getByRole('region', { name: `${p.firstName} ${p.lastName}` }), 'Verify my ID');
  await verifyPassport(page, page.getByRole('region', { name: coName }), `Verify ${coName}’s ID`);
  await screenshot(page, 'journey-identity-verification');
  await continueTo(page, '/app/application/upload');

  // Documents: what the policy still asks of each person, uploaded.
  await expect(page.getByRole('heading', { level: 1, name: 'Upload your income documents' })).toBeVisible();
  const coDocs = page.getByRole('region', { name: new RegExp(coName) });
  await expect(coDocs.getByRole('group', { name: /paystubs/ })).toBeVisible();
  await expect(page.getByRole('region', { name: new RegExp(`${p.firstName} ${p.lastName}`) }).getByRole('group', { name: /paystubs/ })).toHaveCount(0);
  for (const person of await page.getByRole('region', { name: new RegExp(`${p.lastName}|${co.lastName}`) }).all()) await uploadMissing(page, person);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'journey-upload');
  await continueTo(page, '/app/application/loan-disbursement');

  // Loan disbursement, then submission.
  await page.getByRole('radiogroup', { name: 'Account type' }).getByRole('radio', { name: 'Checking' }).check();
  await page.getByRole('textbox', { name: 'Routing number' }).pressSequentially('121000248');
  await page.getByRole('textbox', { name: 'Account number', exact: true }).pressSequentially('000123456789');
  await page.getByRole('textbox', { name: 'Confirm account number' }).pressSequentially('000123456789');
  await page.getByRole('textbox', { name: 'Amount of your first draw' }).fill('25000');
  await page.getByRole('button', { name: 'Save and submit application' }).click();
  await expect(page).toHaveURL(/\/app\/application\/submitted$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your application has been submitted' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'journey-submitted');

  // The summary shows what was entered, read-only; no page takes a change.
  await page.getByRole('link', { name: 'View your application' }).click();
  await expect(page).toHaveURL(/\/app\/application\/application-summary$/);
  await expect(page.getByText('Bayview Analytics Inc.')).toBeVisible();
  await expect(page.getByText('Evergreen School District')).toBeVisible();
  await expect(page.getByText('****6789')).toBeVisible();
  const verification = region(page, 'Income and identity verification');
  await expect(verification.getByText(/^Verified through Sandbox Payroll Network/)).toBeVisible();
  await expect(verification.getByText('Pay documents to upload')).toBeVisible();
  await expect(verification.getByText(/^Passport verified on /)).toHaveCount(2);
  const signed = region(page, 'Signed disclosures');
  await expect(signed.getByText('Home Equity Credit Agreement')).toHaveCount(2);
  await expect(signed.getByText(`Signed as “${coName}” on`, { exact: false }).first()).toBeVisible();
  await expect(page.getByText(p.identity.ssn)).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Edit/ })).toHaveCount(0);
  await screenshot(page, 'journey-summary');
  await page.goto('/app/application/1');
  await expect(page).toHaveURL(/\/app\/application\/submitted$/);
});
}

test('a self-employed borrower gets the business information page and the business documents, at a phone’s width', async ({ page }) => {
  requireRealServer();
  test.setTimeout(300_000);
  await page.setViewportSize(viewports[1]);
  const p = persona('self-employed');
  await startApplication(page, p);
  const you = page.getByRole('group', { name: 'You', exact: true });
  await expect(you.getByRole('region', { name: 'From your credit check' })).toBeVisible();
  await fillPerson(you, { ssn: null });
  await continueTo(page, '/app/application/2');
  await fillPropertyInfo(page);
  await continueTo(page, '/app/application/3');
  await choose(page, 'Do you own any other real estate besides this property?', 'No');
  await continueTo(page, '/app/application/4');
  await fillEmployer(page.getByRole('group', { name: /^Employer 1/ }), {
    name: 'Marino Design', position: 'Owner', start: '01/2018', selfEmployed: true, base: '9500',
  });
  await continueTo(page, '/app/application/business-information');
  await expect(page.getByRole('textbox', { name: 'Business name', exact: true })).toHaveValue('Marino Design');
  await page.getByRole('textbox', { name: 'Business phone' }).fill('7205550199');
  await page.getByRole('textbox', { name: 'Business street address' }).fill('1600 Market St');
  await page.getByRole('textbox', { name: 'City' }).fill('Denver');
  await page.getByRole('textbox', { name: /^State/ }).fill('CO');
  await page.getByRole('textbox', { name: 'ZIP code' }).fill('80202');
  await page.getByRole('textbox', { name: /Years in business/ }).fill('8');
  await continueTo(page, '/app/application/other-income');

  // The documents the policy asks of a self-employed borrower: tax returns, not paystubs.
  await page.goto('/app/upload');
  const docs = page.getByRole('region', { name: new RegExp(`${p.firstName} ${p.lastName}`) });
  await expect(docs.getByRole('group', { name: /tax returns/i }).first()).toBeVisible();
  await expect(docs.getByRole('group', { name: /paystubs/ })).toHaveCount(0);
  await uploadMissing(page, docs);
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'journey-self-employed-documents');
});
