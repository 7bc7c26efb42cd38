import { formatDate } from '@/lib/format';

// What the identity-verification page says. The IDs and their sides are
// the documents policy's (verification.identityStatus); the results'
// reasons are the identity provider's.

type Status = 'passed' | 'failed' | 'review' | 'documentUpload';
type Side = 'front' | 'back';

const lower = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);

export const identityCopy = {
  loading: 'Loading your identity check',
  loadFailed: 'We couldn’t load your identity check',
  sandboxTitle: 'Sandbox identity check',
  sandboxText:
    'This server uses a sandbox identity provider: no real check is made, and the result depends only on the test persona. Don’t upload a real ID here.',
  sandboxResult: '(Sandbox result.)',
  submittedTitle: 'Your application has been submitted',
  submittedText: 'The identity checks are shown as they were when you submitted. They can no longer be changed.',
  borrowerRole: 'Borrower',
  coborrowerRole: 'Coborrower',
  you: 'You',
  yourCoborrower: 'Your coborrower',
  whichId: 'Which ID will you use?',
  whichIdOf: (name: string) => `Which ID will ${name} use?`,
  whichIdHelp: 'A current, government-issued photo ID. We ask for a photo of each side it needs.',
  sidesNeeded: (sides: readonly string[]) => (sides.length > 1 ? 'Front and back' : 'Front only'),
  chooseId: 'Choose the ID to use.',
  sideHeading: (side: Side, label: string) => `${side === 'front' ? 'Front' : 'Back'} of the ${lower(label)}`,
  sideNeeded: (side: Side) => `Take a photo of the ${side} or upload one: the whole ID in view, every word readable.`,
  sideOnFile: (side: Side) => `A photo of the ${side} is uploaded. You can add a clearer one.`,
  takePhoto: 'Take a photo',
  uploadFile: 'Upload a file',
  accept: 'image/jpeg,image/png,image/heic,image/heif,application/pdf,.heic,.heif',
  uploading: (file: string) => `Uploading ${file}…`,
  uploaded: (file: string, side: Side) => `${file} uploaded as the ${side}.`,
  uploadFailed: 'The photo could not be uploaded. Please try again.',
  missingSides: (sides: readonly Side[], label: string) => `Upload a photo of the ${sides.join(' and the ')} of the ${lower(label)} first.`,
  verifyMine: 'Verify my ID',
  verifyTheirs: (name: string) => `Verify ${name}’s ID`,
  checkFailedTitle: 'We couldn’t check this ID',
  anId: 'An ID',
  checked: (label: string, at: string | null) => {
    const day = at ? formatDate(at) : null;
    return day && day !== at ? `${label} checked on ${day}.` : `${label} checked.`;
  },
  cannotGoOnTitle: 'Your ID isn’t verified yet',
  notDone: 'Verify your ID before you go on. If a check failed, try another ID.',
  notDoneBoth: 'Verify the ID of each person on the application before you go on. If a check failed, try another ID.',
  results: {
    passed: { color: 'teal', title: 'ID verified', next: 'Nothing more is needed for this ID.' },
    review: {
      color: 'blue',
      title: 'Your ID is in review',
      next: 'Our team looks at it within one business day. You can go on with your application meanwhile.',
    },
    failed: {
      color: 'red',
      title: 'We couldn’t verify this ID',
      next: 'Choose another ID below, such as a passport, take or upload its photos and verify again.',
    },
    documentUpload: {
      color: 'blue',
      title: 'We need a copy of your ID',
      next: 'Upload a copy of your ID with your documents. You can go on with your application.',
    },
  } satisfies Record<Status, { color: string; title: string; next: string }>,
} as const;
