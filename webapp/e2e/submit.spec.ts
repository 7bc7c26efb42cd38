import { expectDone, mutate, saveApplicationThrough, startApplication, uploadMissing, uploadPhoto } from './support/application';
import { requireRealServer } from './support/heloc';
import { persona } from './support/personas';
import { expect, expectedConsoleError, expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshot, test, trpcQuery, viewports } from './support/fixtures';

// The last step and the submission against the real server, at a phone's
// width: a new applicant like the prime persona (a preview offer on file)
// reaches loan disbursement with the steps before it done in order through
// the procedures their pages call (each page has its own journey): pages 1
// to 7 saved, the disclosures signed, income to be shown by documents, the
// ID checked (its two sides uploaded), every document the policy asks for
// uploaded. On the page: the draw's bounds from the offer, a routing number
// whose check digit is wrong refused by the server beside its field; with a
// paystub removed since, the account saves but the submission is refused
// with what is missing and a link to where to fix it; the numbers come back
// only by their last 4 digits. With the paystub uploaded again, "Save and
// submit application" submits, the submitted page shows the status and
// what happens next, and the application is read-only.

const sameOrigin = { 'X-Same-Origin': '1', 'X-Recaptcha-Token': 'sandbox.api_update' };

type Documents = {
  requirements: { documents: { borrower: { type: string; missing: number }[] } };
  uploads: { id: string; type: string; side: 'front' | 'back' | null }[];
};

test('the borrower saves the account and first draw, is told what blocks the submission (a document removed since), submits, and the application is read-only', async ({ page }) => {
  requireRealServer();
  // The refusals this journey provokes and asserts: a save and a submission refused (400), and a save after submitting (403).
  test.info().annotations.push(expectedConsoleError(/status of 400 \(Bad Request\) \(http:\/\/[^/]+\/api\/trpc\/application\.(save|submit)\)$/));
  test.info().annotations.push(expectedConsoleError(/status of 403 \(Forbidden\) \(http:\/\/[^/]+\/api\/trpc\/application\.save\)$/));
  test.setTimeout(300_000);
  const phone = viewports[1];
  await page.setViewportSize({ width: phone.width, height: phone.height });
  const p = persona('prime');
  await startApplication(page, p);

  // The steps before loan disbursement, through the procedures their pages call.
  await saveApplicationThrough(page, p, '/app/application/7');
  const disclosures = await trpcQuery<{ documents: { id: string; hash: string }[] }>(page, 'application.disclosures');
  await mutate(page, 'application.sign', {
    consent: true,
    signatures: [{ party: 'borrower', name: `${p.firstName} ${p.lastName}` }],
    documents: disclosures.documents.map((d) => ({ id: d.id, hash: d.hash })),
  });
  await mutate(page, 'verification.incomeDocuments', { party: 'borrower' });
  await uploadPhoto(page, 'idDocument', 'front');
  await uploadPhoto(page, 'idDocument', 'back');
  await mutate(page, 'verification.identity', { party: 'borrower', idType: 'driver_license' });
  await uploadMissing(page);
  await mutate(page, 'documents.complete');

  // The resume rule brings the borrower to the step the loan has reached.
  await page.goto('/app/application/loan-disbursement');
  await expect(page).toHaveURL(/\/app\/application\/loan-disbursement$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Where should we send your funds?' })).toBeVisible();
  const terms = await trpcQuery<{ minimumDraw: number; maximumDraw: number; line: number }>(page, 'application.drawTerms');
  const money = (n: number) => `$${n.toLocaleString('en-US')}`;
  const draw = page.getByRole('textbox', { name: 'Amount of your first draw' });
  await expect(draw).toHaveAccessibleDescription(new RegExp(`From \\${money(terms.minimumDraw)} to \\${money(terms.maximumDraw)}`));
  await expect(page.getByRole('textbox', { name: 'Name on the account' })).toHaveValue(`${p.firstName} ${p.lastName}`);

  // A routing number of 9 digits whose check digit is wrong: only the server's check finds it.
  await page.getByRole('radiogroup', { name: 'Account type' }).getByRole('radio', { name: 'Checking' }).check();
  await page.getByRole('textbox', { name: 'Routing number' }).pressSequentially('121000249');
  await page.getByRole('textbox', { name: 'Account number', exact: true }).pressSequentially('000123456789');
  await page.getByRole('textbox', { name: 'Confirm account number' }).pressSequentially('000123456789');
  await draw.fill(String(terms.minimumDraw + 5000));
  const submit = page.getByRole('button', { name: 'Save and submit application' });
  await submit.click();
  const routing = page.getByRole('textbox', { name: 'Routing number' });
  await expect(routing).toHaveAttribute('aria-invalid', 'true');
  await expect(routing).toHaveAccessibleDescription(/not a valid routing number/);
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'submit-routing-refused');

  // A paystub removed since (from the standalone upload page): the account saves, the
  // submission is refused with what is missing and where to fix it.
  const listed = await trpcQuery<Documents>(page, 'documents.list');
  const paystub = listed.uploads.find((u) => u.type === 'paystubs')!;
  await mutate(page, 'documents.remove', { id: paystub.id });
  await routing.fill('');
  await routing.pressSequentially('121000248');
  await submit.click();
  const refused = page.getByRole('alert').filter({ hasText: 'Your application can’t be submitted yet' });
  await expect(refused).toBeVisible();
  await expect(refused.getByRole('listitem').filter({ hasText: /^Upload the document still missing: .*paystubs.* \(1\)\./ })).toBeVisible();
  await expect(refused.getByRole('link', { name: 'Upload your documents' })).toHaveAttribute('href', '/app/application/upload');
  await expect(page).toHaveURL(/\/app\/application\/loan-disbursement$/);
  await expectNoSeriousA11yViolations(page);
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'submit-refused');

  // Saved: after a refresh the numbers show only by their last 4 digits.
  await page.reload();
  await expect(page.getByText('We have routing number ****0248 on file. Leave this empty to keep it.')).toBeVisible();
  await expect(page.getByText('We have account ****6789 on file. Leave this empty to keep it.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Routing number' })).toHaveValue('');
  const saved = await trpcQuery<{ application: { disbursement: Record<string, unknown> } }>(page, 'application.get');
  expect(JSON.stringify(saved)).not.toContain('000123456789');

  // The paystub uploaded again, the numbers on file kept: submitted.
  await uploadPhoto(page, 'paystubs');
  await page.getByRole('button', { name: 'Save and submit application' }).click();
  await expect(page).toHaveURL(/\/app\/application\/submitted$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your application has been submitted' })).toBeVisible();
  await expect(page.getByText('Submitted: in review')).toBeVisible();
  for (const step of ['Review', 'Conditions', 'Appraisal, where needed', 'Closing']) {
    await expect(page.getByRole('heading', { level: 3, name: step })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Upload documents' })).toHaveAttribute('href', '/app/upload');
  // The stepper counts every section before the submitted page done.
  await expectDone(page, ['Personal info', 'E-sign HECA', 'Loan disbursement']);
  if (phone.width < 1000) await page.getByRole('button', { name: 'Hide all sections' }).click();
  await expectNoSeriousA11yViolations(page);
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'submit-submitted');

  // Read-only: the summary has no links back, a page's fields are disabled, and saving is refused.
  await page.getByRole('link', { name: 'View your application' }).click();
  await expect(page).toHaveURL(/\/app\/application\/application-summary$/);
  await expect(page.getByRole('region', { name: 'Loan disbursement' }).getByText('****0248')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Edit/ })).toHaveCount(0);
  await page.goto('/app/application/2');
  await expect(page).toHaveURL(/\/app\/application\/submitted$/);
  const refusedSave = await page.evaluate(async (headers) => {
    const res = await fetch('/api/trpc/application.save', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ path: '/app/application/3', section: { propertyOwnerships: [] } }),
    });
    return res.status;
  }, sameOrigin);
  expect(refusedSave).toBe(403);
});
