import { employmentOf, saveApplicationThrough, saveSection, signDisclosures, startApplication } from './support/application';
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

// Income verification against the real server, at a phone's width: a new
// applicant like the prime persona (fixtures/personas.json, whose sandbox
// payroll record is one current job at Bayview Analytics Inc.) reaches the
// income-verification page with personal information and an employment
// saved, first names an employer the payroll network does not know and is
// told so beside the question, then, with the employer’s name corrected,
// connects the sandbox payroll: the job shows verified, no paystubs or W-2s
// are asked (the documents policy), and Continue leads to identity
// verification. The pages before it are saved in order through the
// procedures their forms call (their own journeys fill them in:
// application-sections, application-employment, application-journey).

const incomePage = '/app/application/income-verification';

test('the prime persona verifies income through the sandbox payroll at a phone’s width', async ({ page }) => {
  requireRealServer();
  test.setTimeout(180_000);
  const phone = viewports[1];
  await page.setViewportSize({ width: phone.width, height: phone.height });
  const p = persona('prime');

  await startApplication(page, p);
  // The pages before income verification, in order, through the procedures their pages call,
  // with an employer the payroll network does not know.
  await saveApplicationThrough(page, p, '/app/application/7', { employerName: 'Initech' });
  await signDisclosures(page, [{ party: 'borrower', name: `${p.firstName} ${p.lastName}` }]);
  await page.goto(incomePage);

  await expect(page.getByRole('heading', { level: 1, name: 'Verify your income' })).toBeVisible();
  const you = page.getByRole('region', { name: `You: ${p.firstName} ${p.lastName}` });
  const question = you.getByRole('radiogroup', { name: 'How would you like to verify your income?' });
  const payroll = question.getByRole('radio', { name: /Connect my payroll account/ });
  await expect(payroll).toHaveAccessibleName(/Sandbox/);

  // Continue before choosing says what is missing.
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Before you continue, choose how you will verify income.');
  await expect(page).toHaveURL(new RegExp(`${incomePage}$`));

  await payroll.check();
  // The refusal this journey provokes and asserts: the browser logs the connection's 400.
  test.info().annotations.push(expectedConsoleError(/status of 400 \(Bad Request\) \(http:\/\/[^/]+\/api\/trpc\/verification\.connectPayroll\)$/));
  await you.getByRole('button', { name: 'Connect payroll' }).click();
  await expect(question).toHaveAccessibleDescription(/The payroll network knows you at Bayview Analytics Inc\., which is not an employer on your employment history \(Initech\)/);
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'income-verification-no-match');

  // The employer’s name as the borrower would correct it on page 4 (without "Inc.").
  await saveSection(page, '/app/application/4', employmentOf('Bayview Analytics'));
  await page.goto(incomePage);
  await you.getByRole('radio', { name: /Connect my payroll account/ }).check();
  await you.getByRole('button', { name: 'Connect payroll' }).click();
  await expect(you.getByText(/^Connected to Sandbox Payroll Network \(test data\) on /)).toBeVisible();
  await expect(you.getByRole('listitem').filter({ hasText: 'Bayview Analytics' })).toContainText('Verified by payroll');
  await expect(you.getByText('No income documents are needed.')).toBeVisible();

  // The documents policy asks no paystubs nor W-2s of a verified job.
  const income = await trpcQuery<{ borrower: { documents: { type: string }[] } }>(page, 'verification.income');
  expect(income.borrower.documents.map((d) => d.type)).not.toContain('paystubs');
  expect(income.borrower.documents.map((d) => d.type)).not.toContain('w2');

  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'income-verification-verified');

  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/application\/identity-verification$/);
});

test('with a coborrower, each person chooses on their own, named, and the jobs count on their side', async ({ page }) => {
  requireRealServer();
  test.setTimeout(180_000);
  const desktop = viewports[0];
  await page.setViewportSize({ width: desktop.width, height: desktop.height });
  const p = persona('coborrower');
  const co = p.answers.coborrower!;
  await startApplication(page, p);
  await saveApplicationThrough(page, p, '/app/application/7', {
    employerName: 'Cascade Freight',
    coborrower: { ...co, phone: '2065550144', dateOfBirth: '1984-10-02', ssn: '123450016', employerName: 'Evergreen School District', position: 'Teacher' },
  });
  await signDisclosures(page, [
    { party: 'borrower', name: `${p.firstName} ${p.lastName}` },
    { party: 'coborrower', name: `${co.firstName} ${co.lastName}` },
  ]);
  await page.goto(incomePage);

  const you = page.getByRole('region', { name: `You: ${p.firstName} ${p.lastName}` });
  const coName = `${co.firstName} ${co.lastName}`;
  const them = page.getByRole('region', { name: `Your coborrower: ${coName}` });
  await you.getByRole('radio', { name: /Connect my payroll account/ }).check();
  await you.getByRole('button', { name: 'Connect payroll' }).click();
  await expect(you.getByRole('listitem').filter({ hasText: 'Cascade Freight' })).toContainText('Verified by payroll');

  // The borrower's choice alone does not let the page go on.
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(`choose how ${coName} will verify income`);

  const question = them.getByRole('radiogroup', { name: `How would ${coName} like to verify their income?` });
  await question.getByRole('radio', { name: 'Upload pay documents' }).check();
  await them.getByRole('button', { name: `Use pay documents for ${coName}` }).click();
  await expect(them.getByText(`${coName} will upload pay documents.`)).toBeVisible();
  // The coborrower's job is not verified: their paystubs and W-2s are still asked, the borrower's are not.
  await expect(them.getByRole('listitem').filter({ hasText: 'Evergreen School District' })).toContainText('Not verified');
  await expect(them.getByRole('listitem').filter({ hasText: /most recent paystubs/ })).toBeVisible();
  await expect(them.getByRole('listitem').filter({ hasText: /^W-2s for / })).toBeVisible();
  await expect(you.getByText('No income documents are needed.')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'income-verification-coborrower');

  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/application\/identity-verification$/);
});
