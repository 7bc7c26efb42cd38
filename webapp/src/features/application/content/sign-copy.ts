// The words of the disclosures and signing page (screens.md
// "disclosures/sign") that are not the documents themselves: the documents
// and the e-sign consent come from the server (application.disclosures),
// filled in with the loan's terms.

/** "a", "a and b", "a, b and c". */
function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

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
  changedTitle: 'Your documents changed after you signed them',
  /** Why someone who signed is asked again: when they signed, and which documents changed since. */
  changed: (signedAt: string, titles: readonly string[], every: boolean) =>
    `You signed on ${signedAt}. Since then ${every ? 'every document' : listOf(titles)} changed: the documents are filled in with your application and its offer, which a change to your answers or a coborrower’s credit check can change. Your signature on the earlier text no longer counts: read the current documents and sign them again.`,
  /** The same, said of another person on the loan. */
  othersChanged: (name: string, signedAt: string) =>
    `${name} signed on ${signedAt}, before the documents changed: they sign the current ones in their own sign-in.`,
  signedTitle: 'Your disclosures are signed',
  signedIntro: 'What you signed, and when. Each document is identified by a fingerprint (SHA-256) of its exact text.',
  readOnlyNote: 'Your application has been submitted; your signed disclosures are kept with it.',
  loadError: 'We couldn’t load your disclosures',
  saveError: 'We couldn’t record your signature',
} as const;
