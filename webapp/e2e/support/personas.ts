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
const loanReasonLabels: Record<string, string> = {
  homeImprovement: 'Home improvement',
  debtConsolidation: 'Paying off other debts',
  education: 'Education',
  other: 'Something else',
};
const relationshipLabels: Record<string, string> = { spouse: 'Spouse', partner: 'Partner', family: 'Family member', other: 'Someone else' };

export async function continueTo(page: Page, url: RegExp) {
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(url);
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
 * From the home page's call to action through the landing funnel: name,
 * e-mail, phone, the consents and the mailed code (the account), and the
 * money questions, to the initial setup's first page.
 */
export async function walkLanding(page: Page, p: Persona, email: string) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Check your rate' }).first().click();
  await expect(page).toHaveURL(/\/start\/name$/);
  await page.getByRole('textbox', { name: 'First name' }).fill(p.firstName);
  await page.getByRole('textbox', { name: 'Last name' }).fill(p.lastName);
  await continueTo(page, /\/start\/email$/);
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await continueTo(page, /\/start\/phone$/);
  await page.getByRole('textbox', { name: 'Mobile phone' }).pressSequentially(p.phone);
  await continueTo(page, /\/start\/contact-information$/);
  await page.getByRole('checkbox', { name: /receive documents and notices electronically/ }).check();
  await page.getByRole('checkbox', { name: /sharing of my information/ }).check();
  await page.getByRole('button', { name: 'Send my code' }).click();
  const code = page.getByRole('textbox', { name: '6-digit code' });
  await expect(code).toBeVisible();
  await code.fill(await latestCode(page, email));
  await page.getByRole('button', { name: 'Confirm and continue' }).click();
  await expect(page).toHaveURL(/\/start\/annual-income$/);
  await fillAmount(page, 'Gross annual income', p.answers.annualIncome);
  await continueTo(page, /\/start\/monthly-debts$/);
  await fillAmount(page, 'Monthly debt payments', p.answers.monthlyDebts);
  await continueTo(page, /\/start\/desired-amount$/);
  await fillAmount(page, 'How much would you like to borrow?', p.answers.desiredAmount);
  await continueTo(page, /\/start\/loan-reason$/);
  await answer(page, 'What will you use the money for?', loanReasonLabels[p.answers.loanReason]!);
  await continueTo(page, /\/app\/initial-setup\/property-value$/);
}

/**
 * The initial setup's self-reported questions, from property-value to the
 * ZIP code: the persona's own answers, the sandbox valuation accepted.
 * Ends on the page the ZIP leads to (property use, or the waitlist).
 */
export async function walkSelfReported(page: Page, p: Persona) {
  await answer(page, 'Is this about what your home is worth?', 'Yes');
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

/** The coborrower page: no one, or the persona's coborrower with their own credit check. */
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
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  const name = `${cob.firstName} ${cob.lastName}`;
  await page.getByRole('checkbox', { name: new RegExp(`${name} has read and agrees`) }).check();
  await page.getByRole('textbox', { name: `${name}’s date of birth` }).pressSequentially('03151982');
  await page.getByRole('textbox', { name: `${name}’s Social Security number` }).pressSequentially('123450106');
  await page.getByRole('button', { name: 'Check their credit' }).click();
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

/** The property-use page: the persona's home is their primary home. Ends where the answer leads (the estimate, or its "no"). */
export async function answerPropertyUsage(page: Page) {
  await expect(page).toHaveURL(/\/app\/initial-setup\/property-usage$/);
  await answer(page, 'How do you use this home?', 'Primary home');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

/**
 * From the self-reported estimate through the credit check, the coborrower
 * and the report's mortgages; ends where the decision leads (the preview
 * offer, or an ineligible page). settledByReport: the report alone refuses
 * (heloc.eligibility's settled), so Continue after the pull goes straight
 * to the ineligible page.
 */
export async function walkCreditToDecision(page: Page, p: Persona, { settledByReport = false } = {}) {
  await expect(page).toHaveURL(/\/app\/initial-setup\/pre-offer$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your estimate' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue', exact: true }).click();
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
}
