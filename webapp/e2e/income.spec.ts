import type { Page } from '@playwright/test';

import { requireRealServer } from './support/heloc';
import {
  answerPropertyUsage,
  freshEmail,
  persona,
  walkCreditToDecision,
  walkLanding,
  walkSelfReported,
  type Persona,
} from './support/personas';
import {
  expect,
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
// told so beside the question, then, with the employer's name corrected,
// connects the sandbox payroll: the job shows verified, no paystubs or W-2s
// are asked (the documents policy), and Continue leads to identity
// verification. Pages 1 and 4 are saved through application.save, as their
// forms do (their own journeys fill them in: application-sections,
// application-employment).

const incomePage = '/app/application/income-verification';

/** application.save from the page, with the headers every mutation carries. */
async function saveSection(page: Page, path: string, section: object) {
  const answer = await page.evaluate(
    async ({ path, section }) => {
      const res = await fetch('/api/trpc/application.save', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Same-Origin': '1', 'X-Recaptcha-Token': 'sandbox.api_update' },
        body: JSON.stringify({ path, section }),
      });
      return res.json();
    },
    { path, section },
  );
  expect(answer.result, `application.save ${path}: ${JSON.stringify(answer)}`).toBeTruthy();
}

/** Goes to an application page by its link in the section stepper (on phones behind "Show all sections"). */
async function open(page: Page, path: string) {
  if (page.viewportSize()!.width < 1000) {
    const toggle = page.getByRole('button', { name: 'Show all sections' });
    if (await toggle.isVisible()) await toggle.click();
  }
  await page.getByRole('navigation', { name: 'Application sections' }).locator(`a[href="${path}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/**
 * A reload: the resume rule brings the applicant to the page of the loan's
 * status, other income (the step after the saved employment history).
 */
async function resume(page: Page) {
  await page.reload();
  await expect(page).toHaveURL(/\/app\/application\/other-income$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

function employment(employerName: string, position = 'Senior Data Analyst') {
  return {
    employments: [
      { employerName, position, startDate: '2017-03-01', endDate: null, selfEmployedIndicator: false, base: 9500, dataSource: 'Manual' },
    ],
    employmentGaps: [],
  };
}

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

/** A person's part of page 1. */
function personalInfo(p: { firstName: string; lastName: string; phone: string }, identity: { dateOfBirth: string; ssn: string }, zip: string) {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    dateOfBirth: identity.dateOfBirth,
    ssn: identity.ssn,
    citizenship: 'usCitizen',
    maritalStatus: 'married',
    militaryStatus: 'none',
    phone: p.phone,
    currentAddress: { line1: '1200 Alder Street', city: 'Springfield', state: 'CA', zip },
    currentAddressSince: '2015-06-01',
    housing: 'Own',
    formerAddresses: [],
    mailingAddress: null,
  };
}

test('the prime persona verifies income through the sandbox payroll at a phone’s width', async ({ page }) => {
  requireRealServer();
  test.setTimeout(180_000);
  const phone = viewports[1];
  await page.setViewportSize({ width: phone.width, height: phone.height });
  const p = persona('prime');

  await walkToApplication(page, p);
  await saveSection(page, '/app/application/1', { user: personalInfo(p, p.identity, p.answers.zip), coborrower: null });
  // An employer the payroll network does not know.
  await saveSection(page, '/app/application/4', employment('Initech'));
  await resume(page);
  await open(page, incomePage);

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
  await you.getByRole('button', { name: 'Connect payroll' }).click();
  await expect(question).toHaveAccessibleDescription(/The payroll network knows you at Bayview Analytics Inc\., which is not an employer on your employment history \(Initech\)/);
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'income-verification-no-match');

  // The employer's name as the borrower would correct it on page 4 (without "Inc.").
  await saveSection(page, '/app/application/4', employment('Bayview Analytics'));
  await resume(page);
  await open(page, incomePage);
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
  await walkToApplication(page, p);
  await saveSection(page, '/app/application/1', {
    user: personalInfo(p, p.identity, p.answers.zip),
    coborrower: { ...personalInfo({ ...co, phone: '2065550144' }, { dateOfBirth: '1984-10-02', ssn: '123450016' }, p.answers.zip), email: co.email },
  });
  await saveSection(page, '/app/application/4', employment('Cascade Freight', 'Logistics Manager'));
  await saveSection(page, '/app/application/4/coborrower', employment('Evergreen School District', 'Teacher'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await open(page, incomePage);

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
