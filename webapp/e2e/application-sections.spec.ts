import { choose, expectDone, expectNotDone, fillPerson, fillPropertyInfo, startApplication, stepper } from './support/application';
import { requireRealServer } from './support/heloc';
import { persona, typedDate } from './support/personas';
import { expect, expectedConsoleError, expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshot, test, viewports } from './support/fixtures';

// The first three pages of the full application in a browser against the
// real server: a new applicant, prequalified through the procedures the
// question pages call (their own journeys walk them), goes on from the
// preview offer to the application, and fills Personal Info (with the
// coborrower's block when the loan has one), Property Info and Additional
// Real Estate. A refresh in the middle of page 2 keeps what was typed (the
// page's draft on the server); a value only the server refuses (a birth
// date in the future) is shown beside its field; the stepper marks each
// saved section done.

const cases = [
  { viewport: viewports[0], name: 'coborrower' },
  { viewport: viewports[1], name: 'prime' },
] as const;

for (const c of cases) {
  test(`pages 1 to 3 save, keep a draft across a refresh and show the server's field errors: ${c.name}, ${c.viewport.name}`, async ({ page }) => {
    requireRealServer();
    // The field errors this journey provokes and asserts: the browser logs each refused save's 400.
    test.info().annotations.push(expectedConsoleError(/status of 400 \(Bad Request\) \(http:\/\/[^/]+\/api\/trpc\/application\.save\)$/));
    test.setTimeout(240_000);
    await page.setViewportSize({ width: c.viewport.width, height: c.viewport.height });
    const p = persona(c.name);
    const slug = `${c.name}-${c.viewport.name}`;
    await startApplication(page, p);

    // Page 1: the names known from prequalification; the date of birth and
    // SSN given at the credit check shown to confirm, not asked again.
    await expect(page.getByRole('heading', { level: 1, name: 'Tell us about yourself' })).toBeVisible();
    const you = page.getByRole('group', { name: 'You', exact: true });
    await expect(you.getByRole('textbox', { name: 'First name' })).toHaveValue(p.firstName);
    const [y, m, d] = p.identity.dateOfBirth.split('-');
    const onFile = you.getByRole('region', { name: 'From your credit check' });
    await expect(onFile).toContainText(`***-**-${p.identity.ssn.slice(-4)}`);
    await expect(you.getByRole('textbox', { name: 'Date of birth' })).toHaveCount(0);
    await expectNotDone(page, 'Personal info');
    // Change opens them: a birth date in the future is refused by the server at its field.
    await onFile.getByRole('button', { name: 'Change my date of birth or SSN' }).click();
    await expect(you.getByRole('textbox', { name: 'Date of birth' })).toHaveValue(`${m}/${d}/${y}`);
    await expect(you.getByRole('textbox', { name: 'Social Security number' })).toHaveValue('');
    await you.getByRole('textbox', { name: 'Date of birth' }).fill('');
    const coborrower = page.getByRole('group', { name: 'Your coborrower' });
    await expect(coborrower).toHaveCount(p.answers.hasCoborrower ? 1 : 0);

    await you.getByRole('textbox', { name: 'Date of birth' }).pressSequentially('01012099');
    await fillPerson(you, { ssn: p.identity.ssn });
    if (p.answers.hasCoborrower) {
      // The coborrower's date of birth and SSN are theirs to give, in their own sign-in.
      await expect(coborrower.getByRole('textbox', { name: 'Social Security number' })).toHaveCount(0);
      await fillPerson(coborrower, { ssn: null, phone: '2065550144' });
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
    // Page 2 on screen, as the person sees it before going back (while its
    // code loads, its address shows the page loader first).
    await expect(page.getByRole('heading', { level: 1, name: 'Tell us about the property' })).toBeVisible();

    // Back on page 1 by the stepper: what was saved, the SSN on file by its last 4 digits only.
    await (await stepper(page)).getByRole('link', { name: /^Personal info/i }).click();
    await expect(page).toHaveURL(/\/app\/application\/1$/);
    await expect(onFile).toContainText(`***-**-${p.identity.ssn.slice(-4)}`);
    await onFile.getByRole('button', { name: 'Change my date of birth or SSN' }).click();
    await expect(you.getByRole('textbox', { name: 'Date of birth' })).toHaveValue(`${m}/${d}/${y}`);
    await expect(you.getByRole('textbox', { name: 'Social Security number' })).toHaveValue('');
    await expect(you.getByText(`We have ***-**-${p.identity.ssn.slice(-4)} on file. Leave this empty to keep it.`)).toBeVisible();

    // Changes to a saved page are saved again with Continue.
    await you.getByRole('textbox', { name: 'Middle name (optional)' }).fill('Quinn');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page).toHaveURL(/\/app\/application\/2$/);

    // What is typed is kept as a draft: a refresh in the middle of the page
    // being filled in brings it back, on that page (the loan's status is its step).
    await page.getByRole('textbox', { name: 'Property address: street address' }).fill('1200 Alder Street');
    await choose(page, 'Property type', 'Condominium');
    await expect(page.getByRole('status').filter({ hasText: /^Draft kept at/ })).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(/\/app\/application\/2$/);
    await expect(page.getByRole('textbox', { name: 'Property address: street address' })).toHaveValue('1200 Alder Street');
    await expect(page.getByRole('radiogroup', { name: 'Property type' }).getByRole('radio', { name: 'Condominium' })).toBeChecked();
    await screenshot(page, `application-sections-property-info-draft-${slug}`);

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

    // A section is done once saved: the loan's status is the step it has
    // reached, the page being filled in.
    await expectDone(page, ['Personal info', 'Property info', 'Additional real estate']);
    await expectNotDone(page, 'Employment history');
    await expectNoHorizontalScroll(page);
    await screenshot(page, `application-sections-stepper-${slug}`);
  });
}
