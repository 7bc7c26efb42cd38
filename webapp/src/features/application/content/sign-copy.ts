// The words of the disclosures and signing page (screens.md
// "disclosures/sign") that are not the documents themselves: the documents
// and the e-sign consent come from the server (application.disclosures),
// filled in with the loan's terms.

export const signCopy = {
  intro:
    'Read each document in full: scroll inside its box, or use the arrow keys once it has focus. Then confirm you have read it, agree to sign electronically, and type your full legal name as your signature.',
  readLabel: (title: string) => `I have read “${title}”`,
  readRequired: 'Confirm you have read this document.',
  regionLabel: (title: string) => `${title}, full text`,
  consentHeading: 'Signing electronically',
  consentLabel: 'I agree to receive these documents electronically and to sign them with my typed name',
  consentRequired: 'Agree to sign electronically to go on, or contact us for paper documents.',
  signatureHeading: 'Your signature',
  signatureLabel: (party: string) =>
    party === 'coborrower' ? 'Coborrower: type your full name to sign' : 'Type your full name to sign',
  signatureHint: (name: string) => `Your full legal name as it appears on your application: ${name}`,
  nameRequired: 'Type your full name to sign.',
  submit: 'Sign and continue',
  stale: 'The disclosures changed since you opened this page. We’ve loaded the current ones: read them again and confirm each.',
  signedTitle: 'Your disclosures are signed',
  signedIntro: 'What you signed, and when. Each document is identified by a fingerprint (SHA-256) of its exact text.',
  readOnlyNote: 'Your application has been submitted; your signed disclosures are kept with it.',
  loadError: 'We couldn’t load your disclosures',
  saveError: 'We couldn’t record your signature',
} as const;
