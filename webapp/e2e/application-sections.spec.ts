import type { Locator, Page } from '@playwright/test';

import { requireRealServer } from './support/heloc';
import {
  answerPropertyUsage,
  freshEmail,
  persona,
  typedDate,
  walkCreditToDecision,
  walkLanding,
  walkSelfReported,
  type Persona,
} from './support/personas';
import { expect, expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshot, test, viewports } from './support/fixtures';

// The first three pages of the full application in a browser against the
// real server: a new applicant walks prequalification to the preview offer,
// goes on to the application, and fills Personal Info (with the
// coborrower's block when the loan has one), Property Info and Additional
// Real Estate. A refresh in the middle of page 1 keeps what was typed (the
// page's draft on the server); a value only the server refuses (a birth
// date in the future) is shown beside its field; the stepper marks each
// saved section done.

/** From the home page to /app/application/1 as a new applicant like the persona. */
async function walkToApplication(page: Page, p: Persona) {
  await walkLanding(page, p, freshEmail(p));
  await walkSelfReported(page, p);
  await answerPropertyUsage(page);
  await walkCreditToDecision(page, p);
  await expect(page).toHaveURL(/\/app\/initial-setup\/preview-offer$/);
  await page.getByRole('button', { name: 'Continue to the application' }).click();
  await expect(page).toHaveURL(/\/app\/application\/1$/);
}

async function choose(scope: Locator | Page, question: string | RegExp, answer: string) {
  await scope.getByRole('radiogroup', { name: question }).getByRole('radio', { name: answer, exact: true }).check();
}

/** A person's block of page 1, everything but the date of birth, with an address of 6 years. */
async function fillPerson(block: Locator, { ssn, phone, email }: { ssn: string; phone?: string; email?: string }) {
  await block.getByRole('textbox', { name: 'Social Security number' }).pressSequentially(ssn);
  if (phone) {
    await block.getByRole('textbox', { name: 'Phone number' }).fill('');
    await block.getByRole('textbox', { name: 'Phone number' }).pressSequentially(phone);
  }
  if (email !== undefined) await block.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await choose(block, 'Citizenship', 'U.S. citizen');
  await choose(block, 'Marital status', 'Married');
  await choose(block, 'Military service', 'I have not served');
  await block.getByRole('textbox', { name: 'Current address: street address' }).fill('1200 Alder Street');
  await block.getByRole('textbox', { name: 'Current address: city' }).fill('Seattle');
  await block.getByRole('textbox', { name: 'Current address: state' }).fill('WA');
  await block.getByRole('textbox', { name: 'Current address: ZIP code' }).fill('98101');
  await choose(block, 'Do you own or rent your current home?', 'Currently Own');
  await block.getByRole('textbox', { name: 'Living at the current address since' }).pressSequentially('06012019');
  await choose(block, 'Is the mailing address different from the current address?', 'No');
}

/** The stepper at the page's width: the side list, or on phones the list behind "Show all sections". */
async function stepper(page: Page): Promise<Locator> {
  if (page.viewportSize()!.width < 1000) {
    const toggle = page.getByRole('button', { name: 'Show all sections' });
    if (await toggle.isVisible()) await toggle.click();
  }
  const nav = page.getByRole('navigation', { name: 'Application sections' });
  await expect(nav).toBeVisible();
  return nav;
}

async function expectDone(page: Page, sections: string[]) {
  const nav = await stepper(page);
  for (const s of sections) await expect(nav.getByRole('link', { name: new RegExp(`^${s}\\s*\\(done\\)$`, 'i') })).toHaveCount(1);
}

async function expectNotDone(page: Page, section: string) {
  const nav = await stepper(page);
  await expect(nav.getByRole('link', { name: new RegExp(`^${section}\\s*\\(done\\)$`, 'i') })).toHaveCount(0);
}

async function fillPropertyInfo(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Tell us about the property' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Property address: street address' }).fill('1200 Alder Street');
  await page.getByRole('textbox', { name: 'Property address: city' }).fill('Seattle');
  await page.getByRole('textbox', { name: 'Property address: state' }).fill('WA');
  await page.getByRole('textbox', { name: 'Property address: ZIP code' }).fill('98101');
  await choose(page, 'Property type', 'Single-family home');
  await choose(page, 'Number of units', '1 (Single Family, Condo)');
  await choose(page, 'How do you use the property?', 'Primary Home');
  await choose(page, 'How is title held?', 'Joint tenants');
  await choose(page, 'Is the property held in a trust?', 'No');
  await page.getByRole('textbox', { name: 'HOA dues per month' }).pressSequentially('0');
  await page.getByRole('textbox', { name: 'Property taxes per month' }).pressSequentially('540');
  await page.getByRole('textbox', { name: 'Homeowners insurance per month' }).pressSequentially('125');
  await choose(page, /property taxes included/, 'Yes');
  await choose(page, /insurance included/, 'Yes');
}

const cases = [
  { viewport: viewports[0], name: 'coborrower' },
  { viewport: viewports[1], name: 'prime' },
] as const;

for (const c of cases) {
  test(`pages 1 to 3 save, keep a draft across a refresh and show the server's field errors: ${c.name}, ${c.viewport.name}`, async ({ page }) => {
    requireRealServer();
    test.setTimeout(240_000);
    await page.setViewportSize({ width: c.viewport.width, height: c.viewport.height });
    const p = persona(c.name);
    const slug = `${c.name}-${c.viewport.name}`;
    await walkToApplication(page, p);

    // Page 1: the names known from prequalification, an empty SSN.
    await expect(page.getByRole('heading', { level: 1, name: 'Tell us about yourself' })).toBeVisible();
    const you = page.getByRole('group', { name: 'You', exact: true });
    await expect(you.getByRole('textbox', { name: 'First name' })).toHaveValue(p.firstName);
    await expect(you.getByRole('textbox', { name: 'Social Security number' })).toHaveValue('');
    await expectNotDone(page, 'Personal info');
    const coborrower = page.getByRole('group', { name: 'Your coborrower' });
    await expect(coborrower).toHaveCount(p.answers.hasCoborrower ? 1 : 0);

    await you.getByRole('textbox', { name: 'Date of birth' }).pressSequentially('01012099');
    await fillPerson(you, { ssn: p.identity.ssn });
    if (p.answers.hasCoborrower) {
      await coborrower.getByRole('textbox', { name: 'Date of birth' }).pressSequentially('03151982');
      await fillPerson(coborrower, { ssn: '123450106', phone: '2065550144' });
    }
    // A birth date in the future passes the form's schema; the server refuses it beside the field.
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    const dob = you.getByRole('textbox', { name: 'Date of birth' });
    await expect(dob).toHaveAttribute('aria-invalid', 'true');
    await expect(dob).toHaveAccessibleDescription(/Enter a date of birth in the past\./);
    await expect(page).toHaveURL(/\/app\/application\/1$/);
    await expectNoHorizontalScroll(page);
    await screenshot(page, `application-sections-personal-info-error-${slug}`);

    await dob.fill('');
    await dob.pressSequentially(typedDate(p.identity.dateOfBirth));
    // The SSN field shows only its last 4 digits once left.
    await expect(you.getByRole('textbox', { name: 'Social Security number' })).toHaveValue(/^\*\*\*-\*\*-\d{4}$/);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page).toHaveURL(/\/app\/application\/2$/);

    // Back on page 1 by the stepper: what was saved, the SSN on file by its last 4 digits only.
    await (await stepper(page)).getByRole('link', { name: /^Personal info/i }).click();
    await expect(page).toHaveURL(/\/app\/application\/1$/);
    const [y, m, d] = p.identity.dateOfBirth.split('-');
    await expect(you.getByRole('textbox', { name: 'Date of birth' })).toHaveValue(`${m}/${d}/${y}`);
    await expect(you.getByRole('textbox', { name: 'Social Security number' })).toHaveValue('');
    await expect(you.getByText(`We have ***-**-${p.identity.ssn.slice(-4)} on file. Leave this empty to keep it.`)).toBeVisible();

    // What is typed is kept as a draft: a refresh in the middle of the page brings it back.
    await you.getByRole('textbox', { name: 'Middle name (optional)' }).fill('Quinn');
    await choose(you, 'Marital status', 'Separated');
    await expect(page.getByRole('status').filter({ hasText: /^Draft kept at/ })).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(/\/app\/application\/1$/);
    await expect(you.getByRole('textbox', { name: 'Middle name (optional)' })).toHaveValue('Quinn');
    await expect(you.getByRole('radiogroup', { name: 'Marital status' }).getByRole('radio', { name: 'Separated' })).toBeChecked();
    await expect(you.getByRole('textbox', { name: 'Social Security number' })).toHaveValue('');
    await screenshot(page, `application-sections-personal-info-draft-${slug}`);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page).toHaveURL(/\/app\/application\/2$/);

    // Page 2.
    await fillPropertyInfo(page);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `application-sections-property-info-${slug}`);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    // Page 3: no other real estate skips it.
    await expect(page).toHaveURL(/\/app\/application\/3$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Do you own other real estate?' })).toBeVisible();
    await choose(page, 'Do you own any other real estate besides this property?', 'Yes');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByText('Add the properties you own, or answer No.')).toBeVisible();
    await choose(page, 'Do you own any other real estate besides this property?', 'No');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page).toHaveURL(/\/app\/application\/4$/);

    // A section is done once the loan's status is past it: the saved page's
    // own step is the status, so the last saved section is not marked yet.
    await expectDone(page, ['Personal info', 'Property info']);
    await expectNoHorizontalScroll(page);
    await screenshot(page, `application-sections-stepper-${slug}`);
  });
}
