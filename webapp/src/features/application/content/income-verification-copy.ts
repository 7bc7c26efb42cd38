// The wording of the income-verification page (design/screens.md,
// application6): per person, how to verify income (a payroll connection,
// a sandbox one in tests and demos, or pay documents), what the payroll
// network verified, and which income documents are still asked.

type Who = { party: 'borrower' | 'coborrower'; name: string };

const coborrowerName = (p: Who) => p.name || 'your coborrower';

export const incomeCopy = {
  personHeading: (p: Who) => (p.party === 'borrower' ? `You${p.name ? `: ${p.name}` : ''}` : `Your coborrower${p.name ? `: ${p.name}` : ''}`),
  question: (p: Who) =>
    p.party === 'borrower' ? 'How would you like to verify your income?' : `How would ${coborrowerName(p)} like to verify their income?`,
  payroll: (p: Who) => (p.party === 'borrower' ? 'Connect my payroll account' : 'Connect their payroll account'),
  payrollHelp: 'We check your jobs and pay with your employer’s payroll provider. A job verified this way needs no paystubs or W-2s.',
  sandbox: 'Sandbox',
  sandboxHelp: (provider: string) => `Test payroll records from ${provider}: no real payroll account is connected.`,
  documents: 'Upload pay documents',
  documentsHelp: 'Paystubs and W-2s (or tax returns for self-employment), uploaded on a later page.',
  action: (p: Who, method: string) => {
    const base = method === 'payroll' ? 'Connect payroll' : method === 'documents' ? 'Use pay documents' : 'Confirm my choice';
    return p.party === 'borrower' ? base : `${base} for ${coborrowerName(p)}`;
  },
  choose: (p: Who) =>
    p.party === 'borrower' ? 'Choose how you would like to verify your income.' : `Choose how ${coborrowerName(p)} would like to verify their income.`,
  connected: (provider: string, when: string) => `Connected to ${provider} on ${when}.`,
  chosenDocuments: (p: Who) => (p.party === 'borrower' ? 'You will upload pay documents.' : `${coborrowerName(p)} will upload pay documents.`),
  jobsHeading: (p: Who) => (p.party === 'borrower' ? 'Your jobs' : `${p.name ? `${p.name}’s` : 'Your coborrower’s'} jobs`),
  verified: 'Verified by payroll',
  notVerified: 'Not verified',
  selfEmployed: 'Self-employment: shown with tax returns',
  alsoKnown: 'Also on payroll',
  documentsHeading: 'Income documents we will still ask for',
  noDocuments: 'No income documents are needed.',
  waiting: (names: string[]) => `Before you continue, choose how ${names.join(' and ')} will verify income.`,
  loading: 'Loading your income verification',
  loadError: 'We couldn’t load your income verification',
  readOnly: 'Your application has been submitted, so this can no longer be changed.',
} as const;
