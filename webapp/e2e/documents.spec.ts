import type { Locator, Page } from '@playwright/test';

import { saveApplicationThrough, scanPng, signAndChooseDocuments, startApplication, verifyPassport } from './support/application';
import { requireRealServer } from './support/heloc';
import { persona } from './support/personas';
import {
  expect,
  expectedConsoleError,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  screenshot,
  test,
  trpcQuery,
  viewports,
} from './support/fixtures';

// Documents against the real server, at a phone's width: a new applicant
// like the prime persona with personal information and a job saved (a job no
// payroll network verified, so the documents policy asks for paystubs and
// W-2s) opens /app/upload from the link in an e-mail. The page lists what the
// policy asks, with its counts; a PNG photo uploads and the missing count
// drops by one and is announced, and a second comes from the camera input;
// a text file named .pdf is refused by the server (it reads the bytes, not
// the name) beside that document's control; an uploaded file downloads as it
// was sent and can be removed, and the count follows. The bank-statement page lists bank statements alone (none
// for this loan). Pages 1 and 4 are saved through application.save, as
// their forms do (their own journeys fill them in).
//
// On the application's upload page (reached by the stepper), Continue with
// documents missing says which and stays; with the paystubs (four picked at
// once) and W-2s uploaded, Continue moves the loan on (documents.complete)
// to the next page.

/** Picks a file through a button that opens the file chooser, as a person does. */
async function pickFile(page: Page, button: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(file);
}


function count(card: Locator, term: 'Required' | 'Uploaded' | 'Missing'): Locator {
  return card.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
}

test('the prime persona uploads a photo of a paystub, a fake PDF is refused beside its control, at a phone’s width', async ({ page }) => {
  requireRealServer();
  test.setTimeout(180_000);
  // The refusals this journey provokes (the same file twice, a fake PDF, a 1 × 1 image, a locked PDF) are
  // answered 400, which the browser logs; the page shows each beside its control, as asserted below.
  test.info().annotations.push(expectedConsoleError(/\/app\/upload: Failed to load resource: the server responded with a status of 400 \(Bad Request\) \(.*\/api\/documents\)$/));
  const phone = viewports[1];
  await page.setViewportSize({ width: phone.width, height: phone.height });
  const p = persona('prime');
  await startApplication(page, p);
  // Pages 1 to 4 in order, with a current job no payroll network verified: paystubs and W-2s are asked.
  await saveApplicationThrough(page, p, '/app/application/4');

  // The standalone page (a link in an e-mail), which the resume rule leaves alone.
  await page.goto('/app/upload');
  await expect(page).toHaveURL(/\/app\/upload$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Upload your documents' })).toBeVisible();
  const you = page.getByRole('region', { name: `${p.firstName} ${p.lastName}` });
  await expect(you).toBeVisible();

  // What the page shows is what the documents policy answers for this loan.
  const listed = await trpcQuery<{ requirements: { documents: { borrower: { type: string; label: string; missing: number }[] } } }>(page, 'documents.list');
  const labels = listed.requirements.documents.borrower.map((d) => d.label);
  expect(labels.length).toBeGreaterThan(0);
  await expect(you.getByRole('heading', { level: 3 })).toHaveText(labels);

  const paystubs = you.getByRole('group', { name: /paystubs/ });
  await expect(paystubs.getByText('Income', { exact: true })).toBeVisible();
  await expect(count(paystubs, 'Required')).toHaveText('4');
  await expect(count(paystubs, 'Missing')).toHaveText('4');
  await expect(paystubs.getByText(/could not verify a job of yours/)).toBeVisible();
  // On a phone, the camera: images only, the back camera.
  const camera = paystubs.locator('input[type=file][capture]');
  await expect(camera).toHaveAttribute('capture', 'environment');
  await expect(camera).toHaveAttribute('accept', 'image/*');
  await expectNoSeriousA11yViolations(page);

  // A photo of a paystub.
  const october = scanPng();
  await pickFile(page, paystubs.getByRole('button', { name: 'Upload a file' }), { name: 'paystub-october.png', mimeType: 'image/png', buffer: october });
  await expect(paystubs.getByRole('status').filter({ hasText: 'paystub-october.png uploaded. 3 documents still missing here.' })).toBeVisible();
  await expect(count(paystubs, 'Uploaded')).toHaveText('1');
  await expect(count(paystubs, 'Missing')).toHaveText('3');
  const link = paystubs.getByRole('link', { name: 'paystub-october.png' });
  await expect(link).toBeVisible();

  // It downloads as it was sent, to its owner.
  const href = await link.getAttribute('href');
  const downloaded = await page.evaluate(async (url) => {
    const res = await fetch(url!);
    return { status: res.status, type: res.headers.get('Content-Type'), bytes: Array.from(new Uint8Array(await res.arrayBuffer())) };
  }, href);
  expect(downloaded.status).toBe(200);
  expect(downloaded.type).toContain('image/png');
  expect(Buffer.from(downloaded.bytes).equals(october)).toBe(true);

  // The same file again, under another name: refused beside the control, naming the upload it copies.
  await pickFile(page, paystubs.getByRole('button', { name: 'Upload a file' }), { name: 'paystub-november.png', mimeType: 'image/png', buffer: october });
  await expect(paystubs.getByRole('alert')).toContainText('paystub-november.png: This is the same file as “paystub-october.png”, which you uploaded already.');
  await expect(count(paystubs, 'Uploaded')).toHaveText('1');

  // A second paystub from the phone's camera.
  await pickFile(page, paystubs.getByRole('button', { name: 'Take a photo' }), { name: 'camera-photo.png', mimeType: 'image/png', buffer: scanPng() });
  await expect(count(paystubs, 'Uploaded')).toHaveText('2');
  await expect(count(paystubs, 'Missing')).toHaveText('2');
  await expect(paystubs.getByRole('link', { name: 'camera-photo.png' })).toBeVisible();

  // A text file named .pdf: the server reads the bytes and refuses it beside this control only.
  const w2 = you.getByRole('group', { name: /W-2/ });
  await pickFile(page, w2.getByRole('button', { name: 'Upload a file' }), {
    name: 'w2-2025.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('This is not a PDF, only text with a .pdf name.\n'),
  });
  const refused = w2.getByRole('alert');
  await expect(refused).toContainText('w2-2025.pdf:');
  await expect(w2.getByRole('button', { name: 'Upload a file' })).toHaveAccessibleDescription(/w2-2025\.pdf:/);
  await expect(paystubs.getByRole('alert')).toHaveCount(0);
  await expect(count(w2, 'Uploaded')).toHaveText('0');

  // A file past the upload limit (10 MB here, as documents.list says) is refused before it is sent, beside its control, with the limit named.
  await pickFile(page, w2.getByRole('button', { name: 'Upload a file' }), {
    name: 'w2-2025-scan.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024 + 1)]),
  });
  await expect(w2.getByRole('alert')).toContainText('w2-2025-scan.pdf: The file is larger than 10 MB.');
  await expect(count(w2, 'Uploaded')).toHaveText('0');
  await expect(you.getByText('PDF, JPEG, PNG or HEIC, up to 10 MB').first()).toBeVisible();

  // A page named .html is refused by the picker before it is sent.
  await pickFile(page, w2.getByRole('button', { name: 'Upload a file' }), {
    name: 'w2-2025.html',
    mimeType: 'text/html',
    buffer: Buffer.from('<!doctype html><script>alert(1)</script>'),
  });
  await expect(w2.getByRole('alert')).toContainText('w2-2025.html: this kind of file can’t be uploaded.');
  // A file that cannot be the document, by its own bytes: a 1 × 1 image and a password-protected PDF, each refused with why.
  await pickFile(page, w2.getByRole('button', { name: 'Upload a file' }), {
    name: 'w2-2025-thumb.png',
    mimeType: 'image/png',
    buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
  });
  await expect(w2.getByRole('alert')).toContainText('w2-2025-thumb.png: This image is only 1 × 1 pixels, too small to read.');
  await pickFile(page, w2.getByRole('button', { name: 'Upload a file' }), {
    name: 'w2-2025-locked.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.6\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n<< /Root 1 0 R /Encrypt 9 0 R >>\n%%EOF\n'),
  });
  await expect(w2.getByRole('alert')).toContainText('w2-2025-locked.pdf: This PDF is protected by a password or encryption');
  await expect(count(w2, 'Uploaded')).toHaveText('0');
  // A real PDF named as a photo is kept as what its bytes are: it comes back named .pdf.
  await pickFile(page, w2.getByRole('button', { name: 'Upload a file' }), {
    name: 'w2-2025.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  });
  await expect(w2.getByRole('link', { name: 'w2-2025.pdf' })).toBeVisible();
  await expect(count(w2, 'Uploaded')).toHaveText('1');
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'documents-upload');

  // Before submission an upload can be removed; the count follows.
  await paystubs.getByRole('button', { name: 'Remove paystub-october.png' }).click();
  await expect(paystubs.getByRole('link', { name: 'paystub-october.png' })).toHaveCount(0);
  await expect(count(paystubs, 'Missing')).toHaveText('3');

  // At a desktop's width the same page.
  await page.setViewportSize({ width: viewports[0].width, height: viewports[0].height });
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'documents-upload');

  // The bank-statement page shows bank statements alone: this loan is not asked for any.
  await page.goto('/app/bank-statement');
  await expect(page.getByRole('heading', { level: 1, name: 'Share your bank statements' })).toBeVisible();
  await expect(page.getByText('Your application doesn’t need bank statements right now.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload a file' })).toHaveCount(0);
});

test('on the application’s upload page Continue says what is missing and stays; with everything uploaded it goes on', async ({ page }) => {
  requireRealServer();
  test.setTimeout(180_000);
  await page.setViewportSize({ width: viewports[0].width, height: viewports[0].height });
  const p = persona('prime');
  await startApplication(page, p);
  // The pages before the upload page, in order, through the procedures their pages call
  // (pay documents chosen, the ID checked); the app resumes at the upload page.
  await saveApplicationThrough(page, p, '/app/application/7');
  await signAndChooseDocuments(page, [{ party: 'borrower', name: `${p.firstName} ${p.lastName}` }]);
  await verifyPassport(page);
  await page.goto('/app/application/upload');
  await expect(page.getByRole('heading', { level: 1, name: 'Upload your income documents' })).toBeVisible();

  const you = page.getByRole('region', { name: `${p.firstName} ${p.lastName}` });
  const paystubs = you.getByRole('group', { name: /paystubs/ });
  const w2 = you.getByRole('group', { name: /W-2/ });
  await expect(count(paystubs, 'Missing')).toHaveText('4');

  // Continue with documents missing: what is missing, beside the button; the page stays.
  const next = page.getByRole('button', { name: 'Continue', exact: true });
  await next.click();
  const missing = page.getByRole('alert').filter({ hasText: 'Some documents are still missing' });
  await expect(missing).toContainText(`${p.firstName} ${p.lastName}: Your 4 most recent paystubs, showing year-to-date earnings (4 missing)`);
  await expect(next).toHaveAccessibleDescription(/still missing/);
  await expect(page).toHaveURL(/\/app\/application\/upload$/);

  // Four paystubs picked at once, then the two W-2s.
  const photo = (name: string) => ({ name, mimeType: 'image/png', buffer: scanPng() });
  const chooser = page.waitForEvent('filechooser');
  await paystubs.getByRole('button', { name: 'Upload a file' }).click();
  await (await chooser).setFiles(['july', 'august', 'september', 'october'].map((m) => photo(`paystub-${m}.png`)));
  await expect(count(paystubs, 'Missing')).toHaveText('0');
  await expect(paystubs.getByRole('link')).toHaveCount(4);
  for (const year of ['a', 'b']) await pickFile(page, w2.getByRole('button', { name: 'Upload a file' }), photo(`w2-${year}.png`));
  await expect(count(w2, 'Missing')).toHaveText('0');
  await expect(you.getByText('Nothing missing')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'documents-application-upload-done');

  // Continue: the server moves the loan on (documents.complete) and the next page of the funnel shows.
  await next.click();
  await expect(page).toHaveURL(/\/app\/application\/loan-disbursement$/);
  const status = await trpcQuery<{ applicationStatus: string }>(page, 'application.get');
  // The status is the step the loan has reached: the page after the upload page.
  expect(status.applicationStatus).toBe('loanDisbursement');
});
