import { requireRealServer } from './support/heloc';
import { answerAll, region, saveApplicationThrough, stepperLink } from './support/application';
import { persona as personaOf } from './support/personas';
import { signInApplicant } from './support/sign-in';
import {
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  screenshot,
  test,
  viewports,
} from './support/fixtures';

// Demographics (6), Declarations (7) and the application summary against the
// real server: the coborrower persona (fixtures/personas.json; a loan with a
// coborrower, who answers their own questions in their own sign-in, so the
// pages show what they have done instead) answers both pages, a Yes opens
// its follow-up, each save moves on, and the summary shows what was entered
// with links back. Then the same pages at phone width.

const persona = 'coborrower@example.com';

test('the borrower answers demographics and declarations, and the summary shows them', async ({ page }) => {
  requireRealServer();
  test.setTimeout(300_000); // 1.8 min alone at load 10; more beside other workers on a busy machine
  await page.setViewportSize(viewports[0]);
  await signInApplicant(page, persona);
  await expect(page).toHaveURL(/\/app\/application\//);
  // The pages before demographics, in order, through the procedures their forms call.
  const p = personaOf('coborrower');
  await saveApplicationThrough(page, p, '/app/application/debt-consolidation', {
    coborrower: { ...p.answers.coborrower!, phone: '2065550144', dateOfBirth: '1984-10-02', ssn: '123450016', employerName: 'Evergreen School District' },
  });
  await page.reload();

  // Demographics: the notice, then the borrower's boxes; the coborrower gave theirs in their own sign-in.
  await (await stepperLink(page, 'Demographics')).click();
  await expect(page).toHaveURL(/\/app\/application\/6$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/Federal law requires that we ask applicants for their demographic information/)).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Choose an ethnicity, or that you do not wish to provide it.').first()).toBeVisible();

  const you = region(page, 'Your information');
  const coName = `${p.answers.coborrower!.firstName} ${p.answers.coborrower!.lastName}`;
  await expect(region(page, `${coName} has done their part`)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Race' })).toHaveCount(1);
  await you.getByRole('group', { name: 'Ethnicity' }).getByRole('checkbox', { name: 'Hispanic or Latino', exact: true }).check();
  await you.getByRole('checkbox', { name: 'Cuban' }).check();
  const race = you.getByRole('group', { name: 'Race' });
  await race.getByRole('checkbox', { name: 'Asian', exact: true }).check();
  await race.getByRole('checkbox', { name: 'Other Asian' }).check();
  await race.getByRole('textbox', { name: 'Race' }).fill('Hmong');
  await you.getByRole('group', { name: 'Sex' }).getByRole('checkbox', { name: 'Female' }).check();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'application-demographics');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).not.toHaveURL(/\/app\/application\/6$/);

  // Declarations: No to each, then a Yes that opens its follow-up.
  await (await stepperLink(page, 'Declarations')).click();
  await expect(page).toHaveURL(/\/app\/application\/7$/);
  const mine = region(page, 'Your declarations');
  await expect(region(page, `${coName} has done their part`)).toBeVisible();
  await answerAll(mine, 'No');
  await mine.getByRole('radiogroup', { name: /declared bankruptcy within the past 7 years/ }).getByRole('radio', { name: 'Yes' }).check();
  const chapter = mine.getByRole('radiogroup', { name: 'What type of bankruptcy?' });
  await expect(chapter).toBeVisible();
  await mine.getByRole('checkbox', { name: /I authorize the lender to obtain my credit report/ }).check();
  // The follow-up is required once its question is Yes.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(mine.getByText('Choose the bankruptcy chapter.')).toBeVisible();
  await chapter.getByRole('radio', { name: 'Chapter 7' }).check();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'application-declarations');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).not.toHaveURL(/\/app\/application\/7$/);

  // The summary shows what was entered, each section linking back.
  await page.goto('/app/application/application-summary');
  const demographics = region(page, 'Demographics');
  await expect(demographics.getByText('Hispanic or Latino (Cuban)')).toBeVisible();
  await expect(demographics.getByText('Asian (Other Asian, Hmong)')).toBeVisible();
  await expect(demographics.getByText('I do not wish to provide this information').first()).toBeVisible();
  const declarations = region(page, 'Declarations');
  await expect(declarations.getByText('Chapter 7')).toBeVisible();
  await expect(declarations.getByRole('link', { name: 'Edit declarations' })).toHaveAttribute('href', '/app/application/7');
  await screenshot(page, 'application-summary');

  // Phone: the pages keep what was saved, without horizontal scroll.
  await page.setViewportSize(viewports[1]);
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'application-summary');
  await declarations.getByRole('link', { name: 'Edit declarations' }).click();
  await expect(page).toHaveURL(/\/app\/application\/7$/);
  await expect(region(page, 'Your declarations').getByRole('radiogroup', { name: 'What type of bankruptcy?' }).getByRole('radio', { name: 'Chapter 7' })).toBeChecked();
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'application-declarations');
  await page.goto('/app/application/application-summary');
  await region(page, 'Demographics').getByRole('link', { name: 'Edit demographics' }).click();
  await expect(page).toHaveURL(/\/app\/application\/6$/);
  await expect(region(page, 'Your information').getByRole('checkbox', { name: 'Cuban' })).toBeChecked();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'application-demographics');
});

test('a borrower without a coborrower answers for themselves alone, and a loan without reported debts passes debt consolidation', async ({ page }) => {
  requireRealServer();
  test.setTimeout(120_000);
  await page.setViewportSize(viewports[1]);
  await signInApplicant(page, 'prime@example.com');
  await expect(page).toHaveURL(/\/app\/application\//);
  // The pages before debt consolidation, in order, through the procedures their forms call.
  await saveApplicationThrough(page, personaOf('prime'), '/app/application/other-income');
  await page.reload();

  // The sandbox's seeded loans keep no credit report, so the application holds no debts to choose.
  await (await stepperLink(page, 'Debt consolidation')).click();
  await expect(page).toHaveURL(/\/app\/application\/debt-consolidation$/);
  await expect(page.getByText(/Your credit report shows no debts to pay off/)).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).not.toHaveURL(/\/app\/application\/debt-consolidation$/);

  await (await stepperLink(page, 'Demographics')).click();
  await expect(page).toHaveURL(/\/app\/application\/6$/);
  await expect(page.getByRole('region', { name: /coborrower/ })).toHaveCount(0);
  for (const legend of ['Ethnicity', 'Race', 'Sex']) {
    await page.getByRole('group', { name: legend }).getByRole('checkbox', { name: 'I do not wish to provide this information' }).check();
  }
  await expectNoHorizontalScroll(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).not.toHaveURL(/\/app\/application\/6$/);

  await page.goto('/app/application/application-summary');
  const demographics = region(page, 'Demographics');
  await expect(demographics.getByText('I do not wish to provide this information')).toHaveCount(3);
  await expectNoHorizontalScroll(page);
});
