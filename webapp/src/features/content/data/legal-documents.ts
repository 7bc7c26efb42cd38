// The legal pages in plain language. The wording is the product's draft for
// the lender's compliance team, who own the final text.

import { paths } from '@/config/paths';

export type LegalSection = {
  heading: string;
  paragraphs: string[];
};

export type LegalDocument = {
  heading: string;
  intro: string;
  sections: LegalSection[];
};

export const legalDocuments: Readonly<Record<string, LegalDocument>> = {
  [paths.privacyStatement]: {
    heading: 'Privacy statement',
    intro:
      'This statement explains what personal information we collect when you check your rate or apply for a home equity line of credit, how we use it, and the choices you have.',
    sections: [
      {
        heading: 'What we collect',
        paragraphs: [
          'What you tell us: your name, contact details, date of birth, Social Security number, income, employment, and details of your home and its mortgages.',
          'What others tell us with your permission: your credit report from a credit bureau, an automated valuation of your home, and verification of your identity, income and employment.',
          'What your device tells us: technical information such as your browser, IP address and the pages you visit, used to keep the service secure.',
        ],
      },
      {
        heading: 'How we use it',
        paragraphs: [
          'To prequalify you, make you an offer, process your application and service your line; to meet our legal and regulatory obligations; and to protect you and us against fraud.',
        ],
      },
      {
        heading: 'Who we share it with',
        paragraphs: [
          'Credit bureaus, appraisal and verification providers, and the service providers who help us process your application, each only as needed for that purpose; and regulators or others where the law requires it. We do not sell your personal information.',
        ],
      },
      {
        heading: 'How we protect it',
        paragraphs: [
          'Information travels over encrypted connections. Sensitive details such as your Social Security number, date of birth, income and account numbers are also encrypted where we store them, and are shown masked.',
        ],
      },
      {
        heading: 'Your choices',
        paragraphs: [
          'You may ask what information we hold about you and ask us to correct it. Some information must be kept for the periods the law sets for lenders, even if you do not go ahead with a line.',
        ],
      },
    ],
  },
  [paths.license]: {
    heading: 'Licenses',
    intro:
      'We are a licensed mortgage lender. Our company and state licenses are registered with the Nationwide Multistate Licensing System (NMLS).',
    sections: [
      {
        heading: 'Where to check our licenses',
        paragraphs: [
          'NMLS Consumer Access (www.nmlsconsumeraccess.org) lists our NMLS ID, the states where we are licensed to lend, and each license’s status. It is kept by the state regulators and is the authoritative record.',
        ],
      },
      {
        heading: 'Equal Housing Lender',
        paragraphs: [
          'We do business in accordance with the Fair Housing Act and the Equal Credit Opportunity Act. We do not discriminate on the basis of race, color, religion, national origin, sex, handicap, familial status, marital status, age (provided you can enter into a contract), because any of your income comes from public assistance, or because you have in good faith exercised any right under the Consumer Credit Protection Act.',
        ],
      },
    ],
  },
  [paths.eConsent]: {
    heading: 'Consent to electronic records and signatures',
    intro:
      'To apply online, you agree that we may give you disclosures, notices and other records electronically, and that you may sign documents electronically, as the federal E-SIGN Act allows.',
    sections: [
      {
        heading: 'What this consent covers',
        paragraphs: [
          'Every disclosure, notice, agreement and other record about your prequalification, your application and, if it is approved, your line of credit.',
        ],
      },
      {
        heading: 'Paper copies and withdrawing your consent',
        paragraphs: [
          'You may ask for a paper copy of any record at no charge. You may withdraw your consent at any time; records given before you withdraw remain valid, and we may not be able to continue an application online afterwards.',
        ],
      },
      {
        heading: 'What you need',
        paragraphs: [
          'A current version of a common web browser, a device that can open PDF files, an e-mail address, and enough storage to save records or a printer to print them. We will tell you if these requirements change.',
        ],
      },
    ],
  },
  [paths.termsOfUse]: {
    heading: 'Terms of use',
    intro: 'These terms apply when you use this website and its online application.',
    sections: [
      {
        heading: 'Not a commitment to lend',
        paragraphs: [
          'A rate check or preview offer is not a commitment to lend. A line of credit is offered only after a full application is reviewed and approved, and its terms are those of the agreement you sign.',
        ],
      },
      {
        heading: 'Your information',
        paragraphs: [
          'You agree to give true, complete and current information, and to apply only for yourself or with the permission of anyone who applies with you.',
        ],
      },
      {
        heading: 'Using the site',
        paragraphs: [
          'Keep your sign-in details private and tell us if you think someone else has used them. Do not try to break, overload or get around the security of the site, or use it for anything unlawful.',
        ],
      },
      {
        heading: 'Changes',
        paragraphs: ['We may update these terms. The version on this page is the one that applies.'],
      },
    ],
  },
};
