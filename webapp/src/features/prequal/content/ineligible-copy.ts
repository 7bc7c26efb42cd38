// The ineligible outcomes in plain words (design/screens.md, "ineligible
// pages"): a heading, what it means, and what would change the answer in
// general. The specific reasons, with their numbers (the line available,
// the minimum score, the look-back), come from the eligibility policy's
// reasons; nothing here repeats a threshold. Keyed by the page slug the
// policy names (ineligiblePage).

export type IneligibleCopy = {
  heading: string;
  explanation: string;
  whatHelps: string[];
};

export const ineligibleCopy: Readonly<Record<string, IneligibleCopy>> = {
  'low-equity': {
    heading: 'Your home doesn’t have enough equity for a line right now',
    explanation:
      'The line we can offer is based on your home’s value less what you owe on it. With the value and balances we have, the line available is below our smallest line, or the property is not one we lend on.',
    whatHelps: [
      'A higher home value, for example after improvements, can open a line. If you think the value we used is too low, correct it when you check again.',
      'Paying down your mortgage balance raises your equity over time.',
      'If a mortgage we counted is paid off or isn’t on this home, check again and correct it on the mortgage page.',
    ],
  },
  boost: {
    heading: 'Your credit doesn’t meet our minimum yet',
    explanation:
      'We can offer a line only when the credit score from your soft credit check meets our minimum. A report without enough history to produce a score can’t meet it yet. Both can change.',
    whatHelps: [
      'Pay every bill on time; payment history counts the most.',
      'Keep credit card balances low compared with their limits.',
      'Without a score yet: keep an account or two open and in use, paid on time, for at least six months.',
      'Check your credit reports for mistakes, free at annualcreditreport.com, and dispute anything that is wrong.',
      'Avoid opening several new accounts in a short time.',
    ],
  },
  'late-payment': {
    heading: 'A recent payment problem keeps us from offering a line now',
    explanation:
      'A recent late mortgage payment, or a foreclosure, bankruptcy or loan modification in the last few years, keeps us from opening a line. These count only for a set time.',
    whatHelps: [
      'Keep your mortgage payments on time. Once the late payment is older than the period named above, you can check again.',
      'If the late payment is a mistake, dispute it with the credit bureau and your mortgage servicer, then check again.',
    ],
  },
};

/** An outcome decided on what the homeowner told us alone: no credit report, so no credit-based notice. */
export const estimateOnlyNote =
  'This answer is based on what you told us; we have not checked your credit. If something you told us changes, you can check again.';

// The adverse-action notice's fixed wording. Reg B (12 CFR 1002.9(a)(2),
// (b)(1)) requires the ECOA statement naming the creditor and the federal
// agency that administers compliance for it (Appendix A: the FTC for
// creditors not listed elsewhere); FCRA §615(a) requires the credit
// bureau's name and contact, that it did not make the decision, and the
// rights to a free report within 60 days and to dispute. The wording
// follows the model form C-1 of Reg B's Appendix C.

export const notice = {
  heading: 'Notice of action taken',
  decision: 'Thank you for your request for a home equity line of credit. We are unable to offer you a line at this time.',
  reasonsHeading: 'Principal reasons for our decision',
  scoreHeading: 'Your credit score',
  scoreIntro:
    'We also obtained your credit score from the consumer reporting agency named below and used it in making our credit decision. Your credit score is a number that reflects the information in your credit report.',
  noScore: 'The consumer reporting agency could not produce a credit score from your report.',
  keyFactorsHeading: 'Key factors that adversely affected your credit score',
  fcraHeading: 'Your rights under the Fair Credit Reporting Act',
  fcra: [
    'Our credit decision was based in whole or in part on information obtained in a report from the consumer reporting agency named below. You have a right under the Fair Credit Reporting Act to know the information contained in your credit file at the consumer reporting agency.',
    'The reporting agency played no part in our decision and is unable to supply specific reasons why we have denied credit to you.',
    'You have a right to a free copy of your report from the reporting agency, if you request it no later than 60 days after you receive this notice.',
    'If you find that any information contained in the report you receive is inaccurate or incomplete, you have the right to dispute the matter with the reporting agency.',
  ],
  ecoaHeading: 'Equal Credit Opportunity Act notice',
  ecoa: 'The Federal Equal Credit Opportunity Act prohibits creditors from discriminating against credit applicants on the basis of race, color, religion, national origin, sex, marital status, age (provided the applicant has the capacity to enter into a binding contract); because all or part of the applicant’s income derives from any public assistance program; or because the applicant has in good faith exercised any right under the Consumer Credit Protection Act.',
  ecoaAgency: 'The Federal agency that administers compliance with this law concerning this creditor is:',
  ftc: ['Federal Trade Commission', 'Equal Credit Opportunity', 'Washington, DC 20580'],
} as const;
