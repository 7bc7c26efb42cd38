import {
  answerAll,
  mutate,
  region,
  saveApplicationThrough,
  saveSection,
  signDisclosures,
  startApplication,
  uploadMissing,
  uploadPhoto,
  verifyPassport,
} from './support/application';
import { coborrowerSignsIn, ownBrowser } from './support/coborrower';
import { requireRealServer } from './support/heloc';
import { allowSignInErrors, ready, signInUnderwriter } from './support/portal';
import { persona } from './support/personas';
import { expect, expectNoSeriousA11yViolations, screenshot, test, trpcQuery, viewports } from './support/fixtures';

// The coborrower acts for themselves (issue 23 item 4), against the real
// server: a borrower applies with a coborrower. The demographics,
// declarations and signing pages ask the borrower's own answers only and
// say they wait for the coborrower, with the invitation to send. The
// coborrower receives the invitation e-mail (read from the sandbox outbox),
// opens its link in a browser of their own, signs in with their own code,
// and on their own page authorizes their credit check (with their date of
// birth and SSN; their soft pull runs then, never at the borrower's hand), answers their declarations and demographic questions,
// and signs the disclosures. The borrower, told it waits for the
// coborrower until then, submits, and is e-mailed that it was received; an
// underwriter declines with a reason; the borrower is e-mailed the decision
// with the notice attached and sees it on their page, and the pipeline
// shows the loan as declined (issue 23's first journey, whole).

type Documents = { requirements: { documents: { coborrower: { type: string; missing: number; condition?: unknown }[] | null } } };

test('the coborrower is invited by e-mail, signs in with their own code, authorizes their credit check, declares and signs; the borrower submits and is told; an underwriter declines; the borrower is e-mailed the notice and sees the decision', async ({
  page,
  browser,
}) => {
  requireRealServer();
  test.setTimeout(420_000);
  await page.setViewportSize(viewports[0]);
  const base = persona('coborrower');
  const stamp = Date.now().toString(36);
  // A coborrower of this journey's own, so that no other journey's loan is theirs.
  const co = { ...base.answers.coborrower!, email: `amara.${stamp}@example.com` };
  const coName = `${co.firstName} ${co.lastName}`;
  const p = { ...base, answers: { ...base.answers, coborrower: co } };
  await startApplication(page, p);

  // The pages before demographics, through the procedures their forms call:
  // page 1 names the coborrower, without their date of birth and SSN.
  await saveApplicationThrough(page, p, '/app/application/debt-consolidation', {
    coborrower: { ...co, phone: '2065550144', dateOfBirth: '1984-10-02', ssn: '123450016', employerName: 'Evergreen School District' },
    coborrowerActs: false,
  });

  // 6 Demographics: the borrower's own questions, and the coborrower waited for.
  await page.goto('/app/application/6');
  const waiting = region(page, `Waiting for ${coName}`);
  await expect(waiting).toBeVisible();
  await expect(waiting.getByText(`We have not e-mailed ${co.firstName} an invitation yet.`)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Race' })).toHaveCount(1);
  for (const legend of ['Ethnicity', 'Race', 'Sex']) {
    await region(page, 'Your information').getByRole('group', { name: legend }).getByRole('checkbox', { name: 'I do not wish to provide this information' }).check();
  }
  await waiting.getByRole('button', { name: `Send ${co.firstName} the invitation` }).click();
  await expect(waiting.getByRole('status')).toHaveText(`We e-mailed ${co.firstName} the invitation at ${co.email}.`);
  await expect(waiting.getByRole('button', { name: `Send ${co.firstName} the invitation again` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'coborrower-waiting');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/application\/7$/);

  // 7 Declarations: the borrower's own.
  const mine = region(page, 'Your declarations');
  await answerAll(mine, 'No');
  await mine.getByRole('radiogroup', { name: /occupy the property as your primary residence/ }).getByRole('radio', { name: 'Yes' }).check();
  await mine.getByRole('checkbox', { name: /I authorize the lender to obtain my credit report/ }).check();
  await expect(region(page, `Waiting for ${coName}`)).toBeVisible();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/application\/sign$/);
  // The signing page takes the borrower's own signature only.
  await expect(page.getByRole('textbox', { name: 'Type your full name to sign' })).toHaveCount(1);
  await expect(region(page, `Waiting for ${coName}`)).toBeVisible();

  // The coborrower, in a browser of their own: the invitation e-mail's link, their own code.
  const them = await ownBrowser(page);
  const outbox = await them.context().newPage();
  await outbox.goto('/dev/outbox');
  const invitation = outbox.locator(`article[data-to="${co.email}"]`).first();
  await expect(invitation.locator('h2')).toContainText(`${p.firstName} ${p.lastName} named you as coborrower`);
  await expect(invitation.locator('pre')).toContainText('/app/login?callbackUrl=%2Fapp%2Fcoborrower');
  await outbox.close();
  await coborrowerSignsIn(them, co.email);
  await expect(them.getByRole('heading', { level: 1, name: 'Your part as coborrower' })).toBeVisible();
  await expect(them.getByText(`${p.firstName} ${p.lastName} named you, ${coName}, as coborrower`)).toBeVisible();

  // 1. Their credit check authorization, with their date of birth and SSN.
  const authorization = region(them, '1. Your credit check authorization');
  await authorization.getByRole('button', { name: 'Authorize the credit check' }).click();
  await expect(authorization.getByRole('textbox', { name: 'Your Social Security number' })).toHaveAccessibleDescription(/Enter your Social Security number/);
  await authorization.getByRole('textbox', { name: 'Your date of birth' }).pressSequentially('10021984');
  await authorization.getByRole('textbox', { name: 'Your Social Security number' }).pressSequentially('123450016');
  await authorization.getByRole('checkbox', { name: /I authorize the lender to obtain my credit report/ }).check();
  await authorization.getByRole('button', { name: 'Authorize the credit check' }).click();
  await expect(region(them, '1. Your credit check authorization (done)')).toBeVisible();
  // Their authorization, not the borrower's, pulled their file: the loan's report now has their score too.
  const report = await trpcQuery<{ kind: string; coborrowerScore: number | null }>(page, 'prequal.creditReport');
  expect(report.kind).toBe('jointCredit');
  expect(report.coborrowerScore).not.toBeNull();

  // 2. Their declarations.
  const declarations = region(them, '2. Your declarations');
  await answerAll(declarations, 'No');
  await declarations.getByRole('radiogroup', { name: /occupy the property as your primary residence/ }).getByRole('radio', { name: 'Yes' }).check();
  await declarations.getByRole('checkbox', { name: /I authorize the lender to obtain my credit report/ }).check();
  await declarations.getByRole('button', { name: 'Save my declarations' }).click();
  await expect(region(them, '2. Your declarations (done)')).toBeVisible();

  // 3. Their demographic information.
  const demographics = region(them, '3. Your demographic information');
  for (const legend of ['Ethnicity', 'Race', 'Sex']) {
    await demographics.getByRole('group', { name: legend }).getByRole('checkbox', { name: 'I do not wish to provide this information' }).check();
  }
  await demographics.getByRole('button', { name: 'Save my information' }).click();
  await expect(region(them, '3. Your demographic information (done)')).toBeVisible();

  // 4. The disclosures read, the E-SIGN consent, their own name typed.
  const signing = region(them, '4. Your consent and signature');
  const read = signing.getByRole('checkbox', { name: /^I have read “/ });
  await expect(read).toHaveCount(4);
  for (const box of await read.all()) await box.check();
  await signing.getByRole('checkbox', { name: /I agree to receive these documents electronically/ }).check();
  await signing.getByRole('textbox', { name: 'Type your full name to sign' }).fill(coName);
  await signing.getByRole('button', { name: 'Sign the disclosures' }).click();
  await expect(them.getByRole('status').filter({ hasText: 'You have done your part' })).toBeVisible();
  await expect(region(them, '4. Your consent and signature (done)')).toBeVisible();
  await expectNoSeriousA11yViolations(them);
  await screenshot(them, 'coborrower-own-page');
  await them.context().close();

  // The borrower signs their own part and sees the coborrower done.
  await page.reload();
  await expect(region(page, `${coName} has done their part`)).toBeVisible();
  await signDisclosures(page, [{ party: 'borrower', name: `${p.firstName} ${p.lastName}` }]);
  // Both signatures, as the summary lists them (a fresh arrival at the
  // signing page is sent on to the step the loan is at).
  await page.goto('/app/application/application-summary');
  const signed = region(page, 'Signed disclosures');
  await expect(signed.getByText(`Signed as “${coName}” on`, { exact: false }).first()).toBeVisible();
  await expect(signed.getByText(`Signed as “${p.firstName} ${p.lastName}” on`, { exact: false }).first()).toBeVisible();

  // The steps to submission, through the procedures their pages call.
  await mutate(page, 'verification.incomeDocuments', { party: 'borrower' });
  await mutate(page, 'verification.incomeDocuments', { party: 'coborrower' });
  await verifyPassport(page, 'borrower');
  await verifyPassport(page, 'coborrower');
  await uploadMissing(page);
  const docs = await trpcQuery<Documents>(page, 'documents.list');
  for (const d of docs.requirements.documents.coborrower ?? []) {
    if (d.type === 'idDocument' || d.condition) continue;
    for (let i = 0; i < d.missing; i++) await uploadPhoto(page, d.type, undefined, 'coborrower');
  }
  await mutate(page, 'documents.complete');
  const terms = await trpcQuery<{ minimumDraw: number }>(page, 'application.drawTerms');
  await saveSection(page, '/app/application/loan-disbursement', {
    disbursement: { accountHolderName: `${p.firstName} ${p.lastName}`, accountType: 'checking', routingNumber: '021000021', accountNumber: '000123456789', initialDraw: terms.minimumDraw },
  });

  // The borrower submits, and is e-mailed that it was received.
  await mutate(page, 'application.submit');
  await page.goto('/app/application/submitted');
  await expect(page).toHaveURL(/\/app\/application\/submitted$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your application has been submitted' })).toBeVisible();
  await expect(page.getByText('Submitted: in review')).toBeVisible();
  await expect(page.getByRole('region', { name: 'What happens next' })).toBeVisible();
  await screenshot(page, 'coborrower-submitted');
  const { user } = await page.evaluate(async () => (await fetch('/api/authApplicant/session')).json() as Promise<{ user: { email: string } }>);
  const mail = await page.context().newPage();
  const letter = (subject: string) => mail.locator(`article[data-to="${user.email}"]`).filter({ has: mail.locator('h2', { hasText: subject }) });
  await mail.goto('/dev/outbox');
  await expect(letter('we received your application')).toHaveCount(1);

  // An underwriter declines with a reason.
  allowSignInErrors();
  const loan = await trpcQuery<{ id: string }>(page, 'loan.current');
  const uw = await signInUnderwriter(browser);
  await uw.goto(`/portal/loan?id=${loan.id}&tab=decision`);
  await ready(uw);
  const form = uw.getByRole('form', { name: 'Record a decision' });
  await form.getByRole('radiogroup', { name: 'Decision' }).getByRole('radio', { name: 'Decline' }).check();
  await form.getByRole('group', { name: /Principal reasons/ }).getByRole('checkbox', { name: 'Value or type of collateral not sufficient' }).check();
  await form.getByRole('button', { name: 'Record decision' }).click();
  await expect(uw.getByRole('region', { name: 'Record a decision' }).getByRole('status')).toHaveText('Decision recorded: Declined.');

  // The pipeline shows the loan as declined.
  await uw.goto('/portal');
  await ready(uw);
  await uw.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Declined' });
  await uw.getByRole('textbox', { name: 'Search by name or e-mail' }).fill(user.email);
  await uw.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(uw.getByRole('row').filter({ hasText: user.email }).getByText('Declined', { exact: true })).toBeVisible();
  await uw.context().close();

  // The borrower is e-mailed the decision with the notice attached, and sees it on their page.
  await mail.reload();
  const decided = letter('our decision on your application');
  await expect(decided).toHaveCount(1);
  await expect(decided.locator('.attachment')).toHaveText(/\.pdf$/);
  await page.goto('/app/application/submitted');
  const ours = page.getByRole('region', { name: 'Our decision', exact: true });
  await expect(ours.getByRole('list', { name: 'Principal reasons' }).getByRole('listitem')).toHaveText(['Value or type of collateral not sufficient']);
  await screenshot(page, 'coborrower-declined');
});
