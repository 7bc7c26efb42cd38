import { mutate, saveApplicationThrough, startApplication } from './support/application';
import { requireRealServer } from './support/heloc';
import { persona, type Persona } from './support/personas';
import { expect, expectedConsoleError, expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshot, test, trpcQuery, viewports } from './support/fixtures';

// Disclosures and signing against the real server, at a phone's width: a
// new applicant like the prime persona (a preview offer on file) reaches the
// sign page with the pages before it saved through the procedures those
// pages call (each has its own journey). Each document is shown in full in
// a focusable region, filled in with the offer and the borrower's name;
// Sign and continue without the confirmations shows each beside its field;
// a name other than the application's is refused by the server beside the
// name; the right name signs and goes on to the next page. Back on the page,
// what was signed and when is shown read-only, and the record holds each
// text's hash, the time, the address (the visitor's, through the trusted
// proxy) and the browser.

type Disclosures = {
  documents: { id: string; title: string; hash: string; body: string; version: string }[];
  signatures: { documentId: string; hash: string; party: string; name: string; signedAt: string; ip: string; userAgent: string }[];
  signed: boolean;
};

/** Page 1's borrower, with a middle name. */
function page1(p: Persona, middleName: string) {
  return {
    user: {
      firstName: p.firstName,
      middleName,
      lastName: p.lastName,
      dateOfBirth: p.identity.dateOfBirth,
      ssn: p.identity.ssn,
      citizenship: 'usCitizen',
      maritalStatus: 'married',
      militaryStatus: 'none',
      phone: p.phone,
      currentAddress: { line1: '1200 Alder Street', city: 'San Francisco', state: 'CA', zip: p.answers.zip },
      currentAddressSince: '2015-06-01',
      housing: 'Own',
      formerAddresses: [],
      mailingAddress: null,
    },
  };
}

const titles = [
  'Home Equity Credit Agreement',
  'Truth in Lending disclosure for open-end credit',
  'Important terms of our home equity line of credit (early disclosure)',
  'What you should know about home equity lines of credit',
];

test('the borrower reads each disclosure in full, is told what is missing, signs with their legal name and sees what was signed', async ({ page }) => {
  requireRealServer();
  // The refusal this journey provokes and asserts (what is missing): the browser logs the signing's 400.
  test.info().annotations.push(expectedConsoleError(/status of 400 \(Bad Request\) \(http:\/\/[^/]+\/api\/trpc\/application\.sign\)$/));
  test.setTimeout(240_000);
  const phone = viewports[1];
  await page.setViewportSize({ width: phone.width, height: phone.height });
  const p = persona('prime');
  await startApplication(page, p);

  // The pages before signing, in order, through the procedures their pages call;
  // then page 1 again with a middle name, which the signature must carry.
  await saveApplicationThrough(page, p, '/app/application/7');
  await mutate(page, 'application.save', { path: '/app/application/1', section: { ...page1(p, 'Quinn'), coborrower: null } });

  await page.goto('/app/application/sign');
  await expect(page).toHaveURL(/\/app\/application\/sign$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Review and sign your disclosures' })).toBeVisible();
  const fullName = `${p.firstName} Quinn ${p.lastName}`;

  // Each document in full, in a region of its own that takes focus, with the loan's numbers and names.
  const served = await trpcQuery<Disclosures>(page, 'application.disclosures');
  expect(served.documents.map((d) => d.title)).toEqual(titles);
  for (const title of titles) {
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    const region = page.getByRole('region', { name: `${title}, full text` });
    await expect(region).toHaveAttribute('tabindex', '0');
  }
  const heca = page.getByRole('region', { name: 'Home Equity Credit Agreement, full text' });
  await expect(heca.getByText(new RegExp(`between ${fullName}`))).toBeVisible();
  await expect(heca.getByRole('heading', { name: '2. Interest' })).toBeAttached();
  await expect(page.getByRole('region', { name: 'Truth in Lending disclosure for open-end credit, full text' }).getByRole('heading', { name: 'Notice of your right to cancel' })).toBeAttached();
  await expect(page.getByRole('region', { name: 'What you should know about home equity lines of credit, full text' }).getByText(/consumerfinance\.gov/)).toBeAttached();
  // The region scrolls by keyboard once focused.
  await heca.focus();
  await page.keyboard.press('PageDown');
  await expect.poll(() => heca.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);

  // Nothing confirmed: each confirmation and the name are asked for beside their fields.
  await page.getByRole('button', { name: 'Sign and continue' }).click();
  await expect(page.getByText('Confirm you have read this document.')).toHaveCount(4);
  await expect(page.getByRole('checkbox', { name: `I have read “${titles[0]}”` })).toBeFocused();
  await expect(page.getByText(/Agree to sign electronically to go on/)).toBeVisible();
  const name = page.getByRole('textbox', { name: 'Type your full name to sign' });
  await expect(name).toHaveAccessibleDescription(new RegExp(`as it appears on your application: ${fullName}`));
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'sign-missing');

  // A name other than the application's: the server refuses it beside the field.
  for (const title of titles) await page.getByRole('checkbox', { name: `I have read “${title}”` }).check();
  await page.getByRole('checkbox', { name: /I agree to receive these documents electronically/ }).check();
  await name.fill(`${p.firstName} ${p.lastName}`);
  await page.getByRole('button', { name: 'Sign and continue' }).click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription(new RegExp(`Type the full legal name on your application: ${fullName}\\.`));
  await expect(page).toHaveURL(/\/app\/application\/sign$/);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'sign-name-refused');

  // The legal name, in any case: signed, and on to the next page.
  await name.fill(fullName.toUpperCase());
  await page.getByRole('button', { name: 'Sign and continue' }).click();
  await expect(page).not.toHaveURL(/\/app\/application\/sign$/);
  await expect(page).toHaveURL(/\/app\/application\/income-verification$/);

  // Back on the page: what was signed and when, read-only.
  // The income page's own Back, once it is on screen (while its code
  // loads, its address shows the page loader).
  const back = page.getByRole('navigation', { name: 'Step' }).getByRole('link', { name: 'Back' });
  await expect(back).toHaveAttribute('href', '/app/application/sign');
  await back.click();
  await expect(page).toHaveURL(/\/app\/application\/sign$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Your disclosures are signed' })).toBeVisible();
  await expect(page.getByText(new RegExp(`Signed by ${fullName} on `))).toBeVisible();
  const signedList = page.getByRole('list', { name: 'Documents signed' });
  await expect(signedList.getByRole('listitem')).toHaveCount(5);
  for (const [i, title] of [...titles, 'Consent to electronic records and signatures'].entries()) {
    await expect(signedList.getByRole('listitem').nth(i)).toContainText(title);
    await expect(signedList.getByRole('listitem').nth(i)).toContainText(`Signed as “${fullName.toUpperCase()}” on `);
  }
  await expect(page.getByRole('button', { name: 'Sign and continue' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'sign-signed');

  // The record: each text's hash, the server's time, the visitor's address and browser.
  const after = await trpcQuery<Disclosures>(page, 'application.disclosures');
  const agent = await page.evaluate(() => navigator.userAgent);
  expect(after.signed).toBe(true);
  expect(after.signatures).toHaveLength(5);
  for (const d of served.documents) {
    const r = after.signatures.find((s) => s.documentId === d.id);
    expect(r, d.id).toBeTruthy();
    expect(r!.hash).toBe(d.hash);
    expect(r!.party).toBe('borrower');
    expect(r!.name).toBe(fullName.toUpperCase());
    expect(r!.ip).toMatch(/^100\.64\.\d+\.\d+$/);
    expect(r!.userAgent).toBe(agent);
    expect(Math.abs(Date.parse(r!.signedAt) - Date.now())).toBeLessThan(10 * 60_000);
  }

  // Page 1 changed after signing (the middle name corrected): the documents
  // carry the name, so they changed, and the page says why it asks again.
  await mutate(page, 'application.save', { path: '/app/application/1', section: { ...page1(p, 'Quincy'), coborrower: null } });
  await page.goto('/app/application/income-verification');
  await expect(back).toHaveAttribute('href', '/app/application/sign');
  await back.click();
  await expect(page.getByText('Your documents changed after you signed them')).toBeVisible();
  await expect(page.getByText(/^You signed on .*\. Since then every document changed/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign and continue' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'sign-changed-after-signing');
});
