// What each page of the full application asks (design/screens.md,
// "The full application"). Keyed by the path after /app/application/.

export type PageCopy = {
  heading: string;
  help: string;
};

const employment =
  'Your employers, starting with your current one: name, address, phone, position, start and end dates, and pay (base, bonuses, overtime and commissions). Before you go on, we ask about any gap between jobs and for earlier employers until your jobs cover the time lenders look at.';

const otherIncome =
  'Income besides a job, such as alimony, child support, a pension, Social Security or rent from a property, each with its monthly amount. We’ll tell you which document each one needs.';

export const pageCopy: Readonly<Record<string, PageCopy>> = {
  '1': {
    heading: 'Tell us about yourself',
    help: 'Your legal name, date of birth, Social Security number, citizenship, marital and military status, how to reach you, and where you have lived for the last 2 years.',
  },
  '2': {
    heading: 'Tell us about the property',
    help: 'The address, property type, number of units, how you use it and how title is held, plus any HOA dues, property taxes and homeowners insurance.',
  },
  '3': {
    heading: 'Do you own other real estate?',
    help: 'Other properties you own, with their value, mortgages and any rental income. If this is the only property you own, you can say so and move on.',
  },
  '4': { heading: 'Your employment history', help: employment },
  '4/coborrower': { heading: 'Your coborrower’s employment history', help: employment },
  'income-verification': {
    heading: 'Verify your income',
    help: 'For each person on the application: connect a payroll account for an instant check, or upload paystubs and W-2s. A job verified through a payroll provider needs no paystubs or W-2s.',
  },
  '6': {
    heading: 'Demographic information',
    help: 'Federal law asks lenders to collect this information to monitor compliance with fair lending laws. You are not required to provide it: each question lets you choose not to answer, and your choice does not affect your application.',
  },
  '7': {
    heading: 'Declarations',
    help: 'The yes-or-no questions every mortgage application asks, such as whether you will live in the home, have outstanding judgments or have declared bankruptcy, followed by your authorization to check your credit.',
  },
  upload: {
    heading: 'Upload your income documents',
    help: 'The documents your application needs, for you and any coborrower, with how many of each are still missing. Upload them from your camera or from a file.',
  },
  'debt-consolidation': {
    heading: 'Choose debts to pay off at closing',
    help: 'The debts on your credit report that your line could pay off. Student loans left out of your debt-to-income ratio need a recent statement.',
  },
  'other-income': { heading: 'Other sources of income', help: otherIncome },
  'other-income/coborrower': { heading: 'Your coborrower’s other income', help: otherIncome },
  'identity-verification': {
    heading: 'Verify your identity',
    help: 'Choose an ID, such as a driver’s license, passport or state ID, and take a photo of each side it needs or upload one.',
  },
  sign: {
    heading: 'Review and sign your disclosures',
    help: 'Read the Home Equity Credit Agreement, the Truth in Lending disclosure and the home equity booklet in full, agree to sign electronically, and type your signature.',
  },
  'loan-disbursement': {
    heading: 'Where should we send your funds?',
    help: 'The bank account for your funds and the amount of your first draw, up to your line less its origination fee. Account numbers are shown only by their last 4 digits once saved. Then submit your application.',
  },
  submitted: {
    heading: 'Your application has been submitted',
    help: 'Where your application stands, our decision once we make it, anything we need from you, and what happens next.',
  },
  'application-summary': {
    heading: 'Your application summary',
    help: 'Everything you have entered, in one place. While your application is open, each section links back so you can make changes.',
  },
  'business-information': {
    heading: 'Tell us about your business',
    help: 'For self-employed borrowers: the business name, address and phone, its structure, your ownership share, and how long it has been operating.',
  },
  faqs: {
    heading: 'Questions about your application',
    help: 'Answers to what borrowers ask most while they apply.',
  },
};
