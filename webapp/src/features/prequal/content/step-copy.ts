// What each prequalification page asks, in the borrower's words
// (design/screens.md, "Prequalification"). Keyed by page slug; the initial
// setup and /prequal funnels share the slugs they have in common. The
// look-backs and credit bands a question names are the eligibility table's
// (prequal.questions), filled in by stepCopyFor: {fbmYears},
// {listedForSaleMonths} and {creditBands}.

import type { QuestionTerms } from '../api/get-question-terms';
import { creditBandsInWords } from './credit-bands';

export type StepCopy = {
  heading: string;
  help: string;
};

const creditCheck: StepCopy = {
  heading: 'Let’s check your credit',
  help: 'With your permission we make a soft credit inquiry to see your score and the mortgages on your report. A soft inquiry does not affect your credit score. We’ll ask for your date of birth and Social Security number.',
};

const coborrower: StepCopy = {
  heading: 'Will anyone apply with you?',
  help: 'A coborrower, such as a spouse or co-owner, can apply with you. They give their own permission for a credit check, and we can check your credit together or separately.',
};

const confirmMortgages: StepCopy = {
  heading: 'Confirm the mortgages on this home',
  help: 'These are the mortgages we found on your credit report. Confirm which ones are on this home, correct a balance that is out of date, or add one we missed.',
};

const fbm: StepCopy = {
  heading: 'Any foreclosure, bankruptcy or loan modification in the last {fbmYears} years?',
  help: 'Three yes-or-no questions about the last {fbmYears} years: a foreclosure, a bankruptcy, and a modification of a mortgage loan. Lenders look back {fbmYears} years for these events.',
};

const previewOffer: StepCopy = {
  heading: 'Your preview offer',
  help: 'The line available to you, its APR (variable: the prime rate plus a margin, with a floor and a cap), the origination fee and an estimated monthly payment for the amount you choose. From here you continue to the full application.',
};

const income: StepCopy = {
  heading: 'What is your annual income?',
  help: 'Your gross annual income, before taxes, from all sources. We use it with your monthly debts to estimate your debt-to-income ratio.',
};

export const stepCopy: Readonly<Record<string, StepCopy>> = {
  // The landing funnel (/start/*).
  name: {
    heading: 'Let’s start with your name',
    help: 'Checking your rate takes a few minutes and does not affect your credit score.',
  },
  email: {
    heading: 'Your e-mail and your account',
    help: 'We create your account with it. Read and agree to the two consents below, and we’ll e-mail you a 6-digit code.',
  },
  phone: {
    heading: 'What is your phone number?',
    help: 'In case our loan team needs to reach you about your application. Calls and texts are up to you.',
  },
  'contact-information': {
    heading: 'Confirm your details and create your account',
    help: 'Check your name, e-mail and phone, agree to receive documents electronically and to how we share your information, and we’ll e-mail you a 6-digit code.',
  },
  'annual-income': income,
  'monthly-debts': {
    heading: 'How much do you pay on debts each month?',
    help: 'The monthly payments on car loans, student loans, credit cards and other loans. Leave out your mortgage.',
  },
  'desired-amount': {
    heading: 'How much would you like to borrow?',
    help: 'An amount to start with. Your preview offer shows how much is available to you.',
  },
  'loan-reason': {
    heading: 'What will you use the money for?',
    help: 'Home improvement, paying off other debts, education or something else.',
  },
  'credit-income': {
    heading: 'What are your income and monthly debts?',
    help: 'Your gross annual income (before taxes) and the monthly payments on your debts, such as car loans, student loans and credit card minimums. We use them to estimate your debt-to-income ratio.',
  },
  'property-value': {
    heading: 'What is your home worth?',
    help: 'Your best estimate of what your home would sell for today. Where we have an automated valuation for your address, we show it so you can accept or correct it.',
  },
  'mortgage-estimate': {
    heading: 'How much do you still owe on your home?',
    help: 'The estimated balance left on all mortgages on this home, including any home equity loan or line. If the home is paid off, you can say there is no mortgage.',
  },
  'has-fbm': fbm,
  'is-self-employed': {
    heading: 'Are you self-employed?',
    help: 'Choose yes if you own 25% or more of a business that pays you, or work for yourself as a freelancer or contractor. If so, we’ll ask about your business and its documents later.',
  },
  'credit-range': {
    heading: 'What is your credit score range?',
    help: 'Your best guess is fine: {creditBands}. We use it for an estimate before we check your credit.',
  },
  zip: {
    heading: 'What is the ZIP code of your home?',
    help: 'The 5-digit ZIP code of the home you would borrow against. It tells us the state, and whether we lend there yet.',
  },
  'property-usage': {
    heading: 'How do you use this home?',
    help: 'As your primary home, a secondary home, or a rental property. How the home is used affects how much you can borrow.',
  },
  'credit-score': creditCheck,
  coborrower,
  'mortgage-balance': confirmMortgages,
  'preview-offer': previewOffer,
  address: {
    heading: 'What is the address of your home?',
    help: 'The street address, city, state and ZIP code, and what you think your home is worth. We use them to confirm we lend in your state and to work out what you could borrow.',
  },
  'listed-for-sale': {
    heading: 'Has your home been listed for sale in the last {listedForSaleMonths} months?',
    help: 'A home that has been listed for sale recently cannot secure a line of credit.',
  },
  'subject-to-mortgage': {
    heading: 'Is there a mortgage on your home?',
    help: 'If your home is paid off, we skip the mortgage questions and ask for a recent property tax bill later instead.',
  },
  'credit-check': {
    heading: 'Let’s check your credit',
    help: 'First we make your account, so your results are kept with your application: your name, your e-mail and the code we send to it. Then, with your permission, a soft credit inquiry shows your score and the mortgages on your report. A soft inquiry does not affect your credit score.',
  },
  'mortgage-select': confirmMortgages,
  debts: {
    heading: 'Would you like to pay off other debts?',
    help: 'Choose debts from your credit report that your line could pay off, and see how much you could save each month.',
  },
  'pre-offer': {
    heading: 'Your estimate so far',
    help: 'An estimate based on what you’ve told us. It is not an offer: your preview offer follows the soft credit check.',
  },
};

/** The page's copy with the table's look-backs and bands in place of their placeholders. */
export function stepCopyFor(slug: string, terms: QuestionTerms): StepCopy | undefined {
  const copy = stepCopy[slug];
  if (!copy) return undefined;
  const fill = (words: string) =>
    words
      .replaceAll('{fbmYears}', String(terms.fbmYears))
      .replaceAll('{listedForSaleMonths}', String(terms.listedForSaleMonths))
      .replaceAll('{creditBands}', creditBandsInWords(terms.creditRanges));
  return { heading: fill(copy.heading), help: fill(copy.help) };
}
