import type { Locator, Page } from '@playwright/test';

import { saveApplicationThrough, scanPng, signAndChooseDocuments, startApplication } from './support/application';
import { requireRealServer } from './support/heloc';
import { persona } from './support/personas';
import { expect, expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshot, test, trpcQuery, viewports } from './support/fixtures';

// Identity verification against the real server, at a phone's width: a new
// applicant like the florida persona (fixtures/personas.json: the sandbox
// identity provider fails her driver's license and passes her passport)
// saves her personal information, opens the identity-verification page from
// the section stepper, and cannot go on before a check. She takes or
// uploads a photo of each side of her license (idDocument uploads), the
// check fails with the provider's reason and what to do; she then takes a
// photo of her passport (its front only) and it passes, and Continue leads
// to the next page. Page 1 is saved through application.save, as its form
// does (application-sections fills it in).

const identityPage = '/app/application/identity-verification';

/** Picks a photo through a button that opens the file chooser (the camera on a phone), as a person does. */
async function pickPhoto(page: Page, button: Locator, name: string) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer: scanPng() });
}

type IdentityView = { people: { party: string; status: string | null; idType: string | null }[]; complete: boolean };

test('a borrower whose license fails verifies her identity with her passport, at a phone’s width', async ({ page }) => {
  requireRealServer();
  test.setTimeout(180_000);
  const phone = viewports[1];
  await page.setViewportSize({ width: phone.width, height: phone.height });
  const p = persona('florida');

  await startApplication(page, p);
  // The pages before identity verification, in order, through the procedures their pages call;
  // the app then resumes at the page the loan has reached.
  await saveApplicationThrough(page, p, '/app/application/7');
  await signAndChooseDocuments(page, [{ party: 'borrower', name: `${p.firstName} ${p.lastName}` }]);
  await page.goto(identityPage);
  await expect(page).toHaveURL(new RegExp(`${identityPage}$`));

  await expect(page.getByRole('heading', { level: 1, name: 'Verify your identity' })).toBeVisible();
  await expect(page.getByText('Sandbox identity check', { exact: true })).toBeVisible();
  const you = page.getByRole('region', { name: `${p.firstName} ${p.lastName}` });
  const question = you.getByRole('radiogroup', { name: 'Which ID will you use?' });
  await expect(question.getByRole('radio')).toHaveCount(7);

  // Continue before any check says why and stays.
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('alert', { name: 'Your ID isn’t verified yet' })).toContainText('Verify your ID before you go on.');
  await expect(page).toHaveURL(new RegExp(`${identityPage}$`));

  // A driver's license: a photo of each side, one uploaded, one from the camera.
  await question.getByRole('radio', { name: /Driver's license/ }).check();
  const front = you.getByRole('group', { name: "Front of the driver's license" });
  const back = you.getByRole('group', { name: "Back of the driver's license" });
  await pickPhoto(page, front.getByRole('button', { name: 'Upload a file' }), 'license-front.png');
  await expect(front.getByRole('status').filter({ hasText: 'license-front.png uploaded as the front.' })).toBeVisible();
  // The check reads the sides on file once the page has them again (the upload's own status comes first).
  await expect(front.getByText('A photo of the front is uploaded.', { exact: false })).toBeVisible();
  await you.getByRole('button', { name: 'Verify my ID' }).click();
  await expect(you.getByText("Upload a photo of the back of the driver's license first.")).toBeVisible();
  await pickPhoto(page, back.getByRole('button', { name: 'Take a photo' }), 'license-back.png');
  await expect(back.getByRole('status').filter({ hasText: 'license-back.png uploaded as the back.' })).toBeVisible();
  await expect(back.getByText('A photo of the back is uploaded.', { exact: false })).toBeVisible();
  await you.getByRole('button', { name: 'Verify my ID' }).click();

  // The sandbox fails the license, with the provider's reason and what to do.
  const failed = you.getByRole('status').filter({ hasText: 'We couldn’t verify this ID' });
  await expect(failed).toBeVisible();
  await expect(failed).toContainText('too blurred to read');
  await expect(failed).toContainText('Choose another ID below');
  await expect(failed).toContainText('(Sandbox result.)');
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'identity-verification-failed-phone');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('alert', { name: 'Your ID isn’t verified yet' })).toContainText('Verify your ID before you go on.');

  // A passport needs its front only, from the camera.
  await question.getByRole('radio', { name: /Passport/ }).check();
  await expect(you.getByRole('group', { name: /^Back of the passport/ })).toHaveCount(0);
  await pickPhoto(page, you.getByRole('group', { name: 'Front of the passport' }).getByRole('button', { name: 'Take a photo' }), 'passport.png');
  await expect(you.getByText('passport.png uploaded as the front.')).toBeVisible();
  await expect(you.getByText('A photo of the front is uploaded.', { exact: false })).toBeVisible();
  await you.getByRole('button', { name: 'Verify my ID' }).click();
  await expect(you.getByRole('status').filter({ hasText: 'ID verified' })).toContainText('Passport checked on');
  await expect(you.getByRole('button', { name: 'Verify my ID' })).toHaveCount(0);
  await expect(page.getByRole('alert', { name: 'Your ID isn’t verified yet' })).toHaveCount(0);

  const view = await trpcQuery<IdentityView>(page, 'verification.identityStatus');
  expect(view.people).toEqual([expect.objectContaining({ party: 'borrower', status: 'passed', idType: 'passport' })]);
  expect(view.complete).toBe(true);

  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'identity-verification-passed-phone');

  // A refresh keeps the result (the resume rule may bring her to the loan's page; the check is on her record).
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).not.toHaveURL(new RegExp(`${identityPage}$`));
  await expect(page).toHaveURL(/\/app\/application\//);
});
