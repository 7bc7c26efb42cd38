// The wording of the Declarations page (design/screens.md, 7 Declarations):
// the URLA's declarations (Fannie Mae Form 1003 07/2021, Section 5) by the
// field names of #Declarations (schemas/entities.cue, the spec's names,
// misspellings included), and their follow-ups. The values a follow-up
// takes are the schema's enumerations; their labels are here.

export type DeclarationQuestion = {
  /** The #Declarations field the yes/no answers. */
  name: string;
  /** The question, which names its radio group. */
  question: string;
  description?: string;
  /** Said when the question is left unanswered. */
  unanswered: string;
};

export type DeclarationGroup = { title: string; questions: readonly DeclarationQuestion[] };

const answer = 'Answer yes or no.';

export const declarationGroups: readonly DeclarationGroup[] = [
  {
    title: 'About this property and your money for this loan',
    questions: [
      {
        name: 'hasIntentToOccupy',
        question: 'Will you occupy the property as your primary residence?',
        unanswered: answer,
      },
      {
        name: 'onwershipInterest',
        question: 'Have you had an ownership interest in another property in the last three years?',
        unanswered: answer,
      },
      {
        name: 'hasSpecialBorrowerSellerRelationship',
        question: 'If this is a purchase transaction: do you have a family relationship or business affiliation with the seller of the property?',
        description: 'A home equity line on a home you already own is not a purchase: answer No unless you are buying the property.',
        unanswered: answer,
      },
      {
        name: 'hasBorrowedThirdPartyMoney',
        question:
          'Are you borrowing any money for this real estate transaction (for example, money for your closing costs) or obtaining any money from another party, such as the seller or realtor, that you have not disclosed on this loan application?',
        unanswered: answer,
      },
      {
        name: 'wantsAnotherMortgage',
        question:
          'Have you applied or will you apply for a mortgage loan on another property (not the property securing this loan) on or before closing this transaction that is not disclosed on this loan application?',
        unanswered: answer,
      },
      {
        name: 'wantsAnotherLoan',
        question:
          'Have you applied or will you apply for any new credit (for example, an installment loan or a credit card) on or before closing this loan that is not disclosed on this application?',
        unanswered: answer,
      },
      {
        name: 'isPropertySubjectToLien',
        question:
          'Will this property be subject to a lien that could take priority over the first mortgage lien, such as a clean energy lien paid through your property taxes (for example, the Property Assessed Clean Energy Program)?',
        unanswered: answer,
      },
    ],
  },
  {
    title: 'About your finances',
    questions: [
      {
        name: 'isGuarantorOrCosigor',
        question: 'Are you a co-signer or guarantor on any debt or loan that is not disclosed on this application?',
        unanswered: answer,
      },
      { name: 'hasOustandingJudgements', question: 'Are there any outstanding judgments against you?', unanswered: answer },
      { name: 'hasFederalDebt', question: 'Are you currently delinquent or in default on a federal debt?', unanswered: answer },
      {
        name: 'isPartyToLawsuit',
        question: 'Are you a party to a lawsuit in which you potentially have any personal financial liability?',
        unanswered: answer,
      },
      {
        name: 'hasConveyedForeclosure',
        question: 'Have you conveyed title to any property in lieu of foreclosure in the past 7 years?',
        unanswered: answer,
      },
      {
        name: 'doneShortSale',
        question:
          'Within the past 7 years, have you completed a pre-foreclosure sale or short sale, whereby the property was sold to a third party and the lender agreed to accept less than the outstanding mortgage balance due?',
        unanswered: answer,
      },
      { name: 'hasForeclosure', question: 'Have you had property foreclosed upon in the last 7 years?', unanswered: answer },
      { name: 'hasBankruptcy', question: 'Have you declared bankruptcy within the past 7 years?', unanswered: answer },
    ],
  },
];

/** The follow-ups: asked once their question is answered Yes. */
export const followUps = {
  onwershipInterest: {
    otherPropertyType: {
      question: 'What type of property did you own?',
      unanswered: 'Choose what kind of property it was.',
      choices: [
        { value: 'primaryResidence', label: 'Primary residence' },
        { value: 'fhaSecondaryResidence', label: 'FHA secondary residence' },
        { value: 'secondHome', label: 'Second home' },
        { value: 'investment', label: 'Investment property' },
      ],
    },
    otherPropertyTitle: {
      question: 'How did you hold title to the property?',
      unanswered: 'Choose how you held title to it.',
      choices: [
        { value: 'sole', label: 'By yourself' },
        { value: 'jointWithSpouse', label: 'Jointly with your spouse' },
        { value: 'jointWithOtherPerson', label: 'Jointly with another person' },
      ],
    },
  },
  hasBorrowedThirdPartyMoney: {
    borrowedThirdPartyMoneyAmount: {
      question: 'What is the amount of this money?',
      unanswered: 'Enter the amount you are borrowing or receiving.',
    },
  },
  hasBankruptcy: {
    bankruptcy: {
      question: 'What type of bankruptcy?',
      unanswered: 'Choose the bankruptcy chapter.',
      choices: [
        { value: 'chapter7', label: 'Chapter 7' },
        { value: 'chapter11', label: 'Chapter 11' },
        { value: 'chapter12', label: 'Chapter 12' },
        { value: 'chapter13', label: 'Chapter 13' },
        { value: 'chapter15', label: 'Chapter 15' },
        { value: 'other', label: 'Other' },
      ],
    },
  },
} as const;

export const creditCheck = {
  label: 'I authorize the lender to obtain my credit report.',
  description:
    'We use it with this application to decide on your line of credit and its terms. A full credit check may appear on your credit report as an inquiry.',
  unanswered: 'Authorize the credit check to submit your declarations.',
};

/** A yes/no answer as the summary shows it. */
export function yesNo(value: unknown): string {
  return value === true ? 'Yes' : value === false ? 'No' : 'Not answered';
}
