import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { Page } from '@playwright/test';

import { expect } from './fixtures';
import { latestCode } from './outbox';

// The sandbox personas (fixtures/personas.json): the answers a person types
// and the identity the credit check asks for. The sandbox providers pick a
// persona by the part of the e-mail before any +, so a journey signs up as
// <persona>+e2e-<random>@example.com and gets that persona's bureau file
// and valuation.

export type Persona = {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  answers: {
    propertyValue: number;
    hasMortgage: boolean;
    mortgageEstimate?: number;
    isSelfEmployed: boolean;
    creditRange: 'excellent' | 'good' | 'fair' | 'poor';
    zip: string;
    hasCoborrower: boolean;
    coborrower?: { firstName: string; lastName: string; email: string; relationship: string };
    annualIncome: number;
    monthlyDebts: number;
    desiredAmount: number;
    loanReason: string;
  };
  identity: { dateOfBirth: string; ssn: string };
};

export const personas = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../../../fixtures/personas.json'), 'utf8'),
) as Persona[];

/** The persona whose e-mail's local part is `name`. */
export function persona(name: string): Persona {
  const found = personas.find((p) => p.email.split('@')[0] === name);
  if (!found) throw new Error(`no persona ${name} in fixtures/personas.json`);
  return found;
}

/** A fresh address the sandbox reads as the persona's. */
export function freshEmail(p: Persona): string {
  const [local, domain] = p.email.split('@');
  return `${local}+e2e-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@${domain}`;
}

/** What a person types in a MM/DD/YYYY field for a yyyy-MM-dd date. */
export function typedDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${m}${d}${y}`;
}

const creditRangeLabels = { excellent: 'Excellent', good: 'Good', fair: 'Fair', poor: 'Below 640' } as const;
const relationshipLabels: Record<string, string> = { spouse: 'Spouse', partner: 'Partner', family: 'Family member', other: 'Someone else' };

/**
 * Continue, then wait for the next page itself: its address and its own
 * heading, so that what is done next is done on that page (while its code
 * loads, its address shows the page loader first).
 */
export async function continueTo(page: Page, url: RegExp) {
  const heading = page.getByRole('heading', { level: 1 });
  const before = await heading.innerText();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(url);
  await expect(heading).not.toHaveText(before);
}

export async function fillAmount(page: Page, label: string, value: number) {
  const field = page.getByRole('textbox', { name: label });
  await field.fill('');
  await field.pressSequentially(String(value));
}

async function answer(page: Page, question: string | RegExp, choice: string) {
  await page.getByRole('radiogroup', { name: question }).getByRole('radio', { name: choice, exact: true }).check();
}

/**
 * From the home page's call to action through the landing funnel: the name,
 * then the e-mail with the consents and the mailed code (the account), to
 * the initial setup's first page.
 */
export async function walkLanding(page: Page, p: Persona, email: string) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Check your rate' }).first().click();
  await expect(page).toHaveURL(/\/start\/name$/);
  await page.getByRole('textbox', { name: 'First name' }).fill(p.firstName);
  await page.getByRole('textbox', { name: 'Last name' }).fill(p.lastName);
  await continueTo(page, /\/start\/email$/);
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByRole('checkbox', { name: /receive documents and notices electronically/ }).check();
  await page.getByRole('checkbox', { name: /sharing of my information/ }).check();
  await page.getByRole('button', { name: 'Send my code' }).click();
  const code = page.getByRole('textbox', { name: '6-digit code' });
  await expect(code).toBeVisible();
  await code.fill(await latestCode(page, email));
  await page.getByRole('button', { name: 'Confirm and continue' }).click();
  await expect(page).toHaveURL(/\/app\/initial-setup\/property-value$/);
}

/**
 * The initial setup's self-reported questions, from property-value to the
 * ZIP code: the persona's own answers (no automated valuation is shown
 * before the home's address is known, so the home's value is the
 * persona's own estimate). Ends on the page the ZIP leads to (property
 * use, or the waitlist).
 */
export async function walkSelfReported(page: Page, p: Persona) {
  await fillAmount(page, 'Estimated home value', p.answers.propertyValue);
  await continueTo(page, /\/app\/initial-setup\/mortgage-estimate$/);
  if (p.answers.hasMortgage) {
    await fillAmount(page, 'Balance left on all mortgages', p.answers.mortgageEstimate!);
  } else {
    await page.getByRole('checkbox', { name: 'I have no mortgage on this home' }).check();
  }
  await continueTo(page, /\/app\/initial-setup\/has-fbm$/);
  for (const question of ['Have you had a home foreclosed?', 'Have you declared bankruptcy?', 'Has a mortgage loan of yours been modified?']) {
    await answer(page, question, 'No');
  }
  await continueTo(page, /\/app\/initial-setup\/is-self-employed$/);
  await answer(page, 'Are you self-employed?', p.answers.isSelfEmployed ? 'Yes' : 'No');
  await continueTo(page, /\/app\/initial-setup\/credit-range$/);
  await answer(page, 'Your credit score range', creditRangeLabels[p.answers.creditRange]);
  await continueTo(page, /\/app\/initial-setup\/zip$/);
  await page.getByRole('textbox', { name: 'ZIP code of your home' }).fill(p.answers.zip);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

/** The credit check: the authorization, date of birth and SSN, then the score shown. */
export async function checkCredit(page: Page, p: Persona) {
  await page.getByRole('checkbox', { name: /agree to the credit check authorization/ }).check();
  await page.getByRole('textbox', { name: 'Your date of birth' }).pressSequentially(typedDate(p.identity.dateOfBirth));
  await page.getByRole('textbox', { name: 'Your Social Security number' }).pressSequentially(p.identity.ssn);
  await page.getByRole('button', { name: 'Check my credit' }).click();
  // The score used, or that the report has none (a thin file).
  await expect(page.getByText(/^Your credit score used|^Your credit report has no score yet/)).toBeVisible();
}

/** The coborrower page: no one, or the persona's coborrower named (their credit check is theirs to authorize, in their own sign-in). */
export async function answerCoborrower(page: Page, p: Persona) {
  const cob = p.answers.coborrower;
  if (!p.answers.hasCoborrower || !cob) {
    await answer(page, 'Will someone apply with you?', 'No');
    return;
  }
  await answer(page, 'Will someone apply with you?', 'Yes');
  await page.getByRole('textbox', { name: 'Coborrower’s first name' }).fill(cob.firstName);
  await page.getByRole('textbox', { name: 'Coborrower’s last name' }).fill(cob.lastName);
  await page.getByRole('textbox', { name: 'Coborrower’s e-mail address' }).fill(cob.email);
  await answer(page, 'How is your coborrower related to you?', relationshipLabels[cob.relationship]!);
  // No box ticked, date or SSN typed for them: the borrower cannot authorize the coborrower's credit check.
  await expect(page.getByRole('checkbox', { name: /has read and agrees/ })).toHaveCount(0);
}

/** The mortgage-balance page: every mortgage the report found is a lien on this home. */
export async function confirmMortgages(page: Page, p: Persona) {
  const questions = page.getByRole('radiogroup', { name: /^Is the .* mortgage on this home\?$/ });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The report's mortgages load after the page.
  if (p.answers.hasMortgage) await expect(questions.first()).toBeVisible();
  for (const group of await questions.all()) {
    await group.getByRole('radio', { name: 'Yes', exact: true }).check();
  }
}

/** The property-use page: the persona's home is their primary home. Ends where the answer leads (the credit check, or its "no"). */
export async function answerPropertyUsage(page: Page) {
  await expect(page).toHaveURL(/\/app\/initial-setup\/property-usage$/);
  await answer(page, 'How do you use this home?', 'Primary home');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

/** The income and debts page (credit-income), asked once, just before the preview offer: the persona's own figures. */
export async function answerIncomeAndDebts(page: Page, p: Persona) {
  await expect(page).toHaveURL(/\/app\/initial-setup\/credit-income$/);
  await fillAmount(page, 'Gross annual income', p.answers.annualIncome);
  await fillAmount(page, 'Monthly debt payments', p.answers.monthlyDebts);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

/**
 * From the credit check through the coborrower, the report's mortgages and
 * the income and debts; ends where the decision leads (the preview offer,
 * or an ineligible page). settledByReport: the report alone refuses
 * (heloc.eligibility's settled), so Continue after the pull goes straight
 * to the ineligible page.
 */
export async function walkCreditToDecision(page: Page, p: Persona, { settledByReport = false } = {}) {
  await expect(page).toHaveURL(/\/app\/initial-setup\/credit-score$/);
  await checkCredit(page, p);
  if (settledByReport) {
    // A refusal the report alone settles: no coborrower or mortgage questions first.
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    return;
  }
  await continueTo(page, /\/app\/initial-setup\/coborrower$/);
  await answerCoborrower(page, p);
  await continueTo(page, /\/app\/initial-setup\/mortgage-balance$/);
  await confirmMortgages(page, p);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  // A refusal the confirmed mortgages settle goes to its page; otherwise the income and debts come next.
  await expect(page).toHaveURL(/\/app\/(initial-setup\/credit-income|ineligible\/[a-z-]+)$/);
  if (page.url().endsWith('/credit-income')) await answerIncomeAndDebts(page, p);
}

/** A tRPC mutation from the page, as the app sends it (the sandbox's human-check token); throws on an error answer. */
async function trpcMutate<T>(page: Page, procedure: string, input: unknown): Promise<T> {
  return page.evaluate(
    async ({ procedure, input }) => {
      const res = await fetch(`/api/trpc/${procedure}`, {
        method: 'POST',
        headers: { 'X-Same-Origin': '1', 'Content-Type': 'application/json', 'X-Recaptcha-Token': 'sandbox.api_update' },
        body: JSON.stringify(input),
      });
      const body = await res.json();
      if (!body.result) throw new Error(`${procedure}: ${JSON.stringify(body)}`);
      return body.result.data;
    },
    { procedure, input },
  ) as Promise<T>;
}

type Consent = { kind: string; version: string };
export type CreditReport = { score: number | null; mortgages: { id: string; creditor: string; balance: number }[] };


/**
 * A new applicant like the persona, signed in, with the persona's answers
 * saved, their credit (and a coborrower's) checked and the report's
 * mortgages confirmed as liens on the home: the state the question pages
 * leave before the preview offer, made through the procedures those pages
 * call (the account) and the sign-in page (the session). For journeys about
 * what comes after; the pages themselves are walked in the browser by
 * personas.spec.ts and prequal-questions.spec.ts.
 */
export async function prequalifiedApplicant(page: Page, p: Persona, email = freshEmail(p)): Promise<{ email: string; report: CreditReport }> {
  await page.goto('/');
  const { consents } = await page.evaluate(async () => {
    const res = await fetch('/api/trpc/consents.current', { headers: { 'X-Same-Origin': '1' } });
    return (await res.json()).result.data as { consents: Consent[] };
  });
  const version = (kind: string) => consents.find((c) => c.kind === kind)!.version;
  await trpcMutate(page, 'identity.createAccount', {
    firstName: p.firstName,
    lastName: p.lastName,
    email,
    phone: p.phone,
    eConsent: true,
    informationSharingConsent: true,
    consentVersions: { eConsent: version('eConsent'), informationSharing: version('informationSharing') },
  });
  const code = await latestCode(page, email);
  await page.goto('/app/login');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
  await page.getByRole('textbox', { name: '6-digit code' }).fill(await latestCode(page, email, [code]));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible();

  // The answers of the pages up to property use (a coborrower's are the coborrower page's, after the pull).
  const { coborrower, hasCoborrower, ...answers } = p.answers;
  await trpcMutate(page, 'prequal.save', { path: '/app/initial-setup/property-usage', answers: hasCoborrower ? answers : { ...answers, hasCoborrower } });
  const report = await trpcMutate<CreditReport>(page, 'prequal.creditCheck', {
    party: 'borrower',
    dateOfBirth: p.identity.dateOfBirth,
    ssn: p.identity.ssn,
    authorizationVersion: version('creditAuthorization'),
  });
  if (hasCoborrower && coborrower) {
    // Named only: their own credit check is theirs to authorize, in their own sign-in.
    await trpcMutate(page, 'prequal.save', { path: '/app/initial-setup/coborrower', answers: { hasCoborrower: true, coborrower } });
  }
  await trpcMutate(page, 'prequal.save', {
    path: '/app/initial-setup/mortgage-balance',
    answers: {
      mortgages: report.mortgages.map((m) => ({ id: m.id, confirmed: true, balance: m.balance, creditor: m.creditor, addedByUser: false })),
    },
  });
  // The income and debts, asked once just before the preview offer: saving them reaches it.
  await trpcMutate(page, 'prequal.save', {
    path: '/app/initial-setup/credit-income',
    answers: { annualIncome: p.answers.annualIncome, monthlyDebts: p.answers.monthlyDebts },
  });
  return { email, report };
}

/**
 * The preview offer, where the funnel leaves a prequalified applicant: the
 * mortgage balances saved, the loan has reached the preview offer's step,
 * so the resume rule keeps them there (a fresh arrival at another page is
 * sent to it). An ineligible file goes on from there to its page.
 */
export async function continueToPreviewOffer(page: Page) {
  await page.goto('/app/initial-setup/preview-offer');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}
