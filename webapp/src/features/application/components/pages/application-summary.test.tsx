import { screen, within } from '@testing-library/react';

import { ok, renderRoutes, sandboxSystemInfo, stubTRPC } from '@/testing/test-utils';

import ApplicationSummaryPage from './application-summary';

// The application summary over stubbed procedures (application.get,
// application.drawTerms, documents.list, funnel.pages): everything the
// application will submit, by the spec's section labels, and the way on.

vi.setConfig({ testTimeout: 30_000 });

function person(extra: Record<string, unknown> = {}) {
  return { firstName: 'Pat', lastName: 'Prime', email: 'prime@example.com', employments: [], incomeSources: [], formerAddresses: [], employmentGaps: [], mailingAddress: null, hitchLoan: null, ...extra };
}

function view({ readOnly = false, application = {} }: { readOnly?: boolean; application?: Record<string, unknown> } = {}) {
  return {
    application: {
      user: person({
        dateOfBirth: '1980-04-02',
        ssn: '***-**-6789',
        citizenship: 'usCitizen',
        demographics: { isAsian: true, isKorean: true, isMale: true, wontInformEthinicity: true },
        declarations: { hasIntentToOccupy: true, hasBankruptcy: true, bankruptcy: 'chapter7', borrowedThirdPartyMoneyAmount: null, creditCheckAuthorization: true },
      }),
      coborrower: person({ firstName: 'Casey', lastName: 'Co', email: 'casey@example.com' }),
      uploads: [],
      property: { state: 'CA', usage: 'primaryResidence', address: { line1: '1 Main St', line2: null, city: 'Oakland', state: 'CA', zip: '94601', county: null } },
      mortgages: [{ creditor: 'Harbor Bank', balance: 312000, monthlyPayment: 1850 }],
      liabilities: [],
      propertyOwnerships: [],
      isInTrust: false,
      disbursement: { accountHolderName: 'Pat Prime', accountType: 'checking', routingNumber: '*****0021', accountNumber: '****6789', initialDraw: 50000 },
      ...application,
    },
    applicationStatus: 'application7',
    readOnly,
    hasCoborrower: true,
  };
}

const terms = {
  line: 150000,
  originationFee: 750,
  minimumDraw: 10000,
  maximumDraw: 149250,
  firstDraw: 150000,
  apr: 8.25,
  payments: { balance: 150000, drawPaymentCents: 103125, repaymentPaymentCents: 127811, drawMonths: 120, repaymentMonths: 240 },
};

const documents = {
  readOnly: false,
  closed: false,
  maxFileBytes: 10485760,
  uploads: [{ id: '0123456789abcdef0123456789abcdef', type: 'paystubs', party: 'borrower', fileName: 'paystub-october.pdf', contentType: 'application/pdf', size: 1000, uploadedAt: '2026-11-20T10:00:00Z' }],
  requirements: {
    borrower: { required: { paystubs: 2 }, missing: { paystubs: 1 } },
    coborrower: { required: {}, missing: {} },
    totalRequired: 2,
    totalMissing: 1,
    documents: {
      borrower: [{ type: 'paystubs', category: 'INC', label: '2 most recent paystubs', required: 2, uploaded: 1, missing: 1, countsInTotal: true, reasons: [] }],
      coborrower: [],
    },
  },
};

const page = (path: string, state: 'done' | 'current' | 'upcoming') => ({ path, label: path, section: null, area: 'application', step: path, order: null, state, open: true });

const hash = (c: string) => c.repeat(64);
const disclosure = (id: string, title: string, h: string) => ({ id, title, version: '2026-11.1', body: `# ${title}`, hash: hash(h), signed: false });
const disclosures = {
  documents: [disclosure('heca', 'Home Equity Credit Agreement', 'a'), disclosure('truth-in-lending', 'Truth in Lending disclosure for open-end credit', 'b')],
  consent: disclosure('esign-consent', 'Consent to electronic records and signatures', 'e'),
  // The borrower signed the Truth in Lending disclosure's earlier text (the test below).
  people: [{ party: 'borrower', name: 'Pat Prime', signedAt: null, signedEarlierAt: '2026-11-22T15:00:00Z', changed: ['Truth in Lending disclosure for open-end credit'] }],
  signatures: [],
  signed: false,
  readOnly: false,
};

function stub(v: ReturnType<typeof view>) {
  return stubTRPC({
    'application.disclosures': () => ok(disclosures),
    'system.info': () => ok(sandboxSystemInfo),
    'application.get': () => ok(v),
    'application.drawTerms': () => ok(terms),
    'documents.list': () => ok(documents),
    // The rules' section labels, as the spec writes them (rules/heloc/funnel).
    'funnel.steps': () =>
      ok({
        order: {},
        revision: 'r1',
        sections: {
          application: 'Personal Info',
          application3: 'Property Info',
          application4: 'Additional Real Estate',
          application5: 'Employment History',
          manualIncomeVerification: 'Other Income Sources',
          debtConsolidation: 'Debt Consolidation',
          application7: 'Demographics',
          application8: 'Declarations',
          loanDisbursement: 'Loan Disbursement',
        },
      }),
    'funnel.pages': () =>
      ok({
        area: 'application',
        progress: null,
        pages: [page('/app/application/1', 'done'), page('/app/application/6', 'upcoming'), page('/app/application/7', 'upcoming')],
        previous: null,
        next: null,
      }),
  });
}

function render() {
  return renderRoutes('/app/application/application-summary', [
    { path: '/app/application/application-summary', element: <ApplicationSummaryPage /> },
    { path: '/app/application/6', element: <p>Demographics page</p> },
    { path: '/app/application/submitted', element: <p>Status page</p> },
  ]);
}

describe('application summary', () => {
  it('shows what was entered, by the stepper’s section labels, each linking back to its page while open', async () => {
    stub(view());
    render();
    const personal = await screen.findByRole('region', { name: 'Personal Info' });
    expect(within(personal).getByText('04/02/1980')).toBeInTheDocument();
    expect(within(personal).getByText('***-**-6789')).toBeInTheDocument();
    expect(within(personal).getByText('U.S. citizen')).toBeInTheDocument();
    expect(within(personal).getByRole('link', { name: 'Edit personal info' })).toHaveAttribute('href', '/app/application/1');
    expect(within(screen.getByRole('region', { name: 'Property Info' })).getByText('1 Main St, Oakland, CA 94601')).toBeInTheDocument();
    // The liens the application submits, as confirmed at prequalification: no page of the application edits them.
    const liens = screen.getByRole('region', { name: 'Mortgages on the home' });
    expect(within(liens).getByText('Harbor Bank')).toBeInTheDocument();
    expect(within(liens).getByText('$312,000 owed, $1,850 a month')).toBeInTheDocument();
    expect(within(liens).queryByRole('link')).not.toBeInTheDocument();
    const demographics = screen.getByRole('region', { name: 'Demographics' });
    expect(within(demographics).getByText('Asian (Korean)')).toBeInTheDocument();
    expect(within(demographics).getAllByText('I do not wish to provide this information')).toHaveLength(1);
    const declarations = screen.getByRole('region', { name: 'Declarations' });
    expect(within(declarations).getByText('Chapter 7')).toBeInTheDocument();
    expect(within(declarations).getByRole('link', { name: 'Edit declarations' })).toHaveAttribute('href', '/app/application/7');
    // The coborrower has not answered yet.
    expect(within(declarations).getByText('Not answered yet.')).toBeInTheDocument();
  });

  it('shows the line chosen with the policy’s fee, APR and payments, the documents in, and the bank account masked', async () => {
    stub(view());
    render();
    const offer = await screen.findByRole('region', { name: 'Your line of credit' });
    expect(await within(offer).findByText('$150,000', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(offer).getByText('8.25%')).toBeInTheDocument();
    expect(within(offer).getByText('$750')).toBeInTheDocument();
    expect(within(offer).getByText('Monthly payment while you draw (10 years, interest only, line fully drawn)')).toBeInTheDocument();
    expect(within(offer).getByText('$1,031.25')).toBeInTheDocument();
    expect(within(offer).getByText('$1,278.11')).toBeInTheDocument();
    expect(within(offer).getByText('$50,000')).toBeInTheDocument();
    const docs = screen.getByRole('region', { name: 'Documents' });
    expect(await within(docs).findByText('2 most recent paystubs', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(docs).getByText('1 of 2 uploaded (paystub-october.pdf)')).toBeInTheDocument();
    expect(within(docs).getByText('No documents asked for yet.')).toBeInTheDocument();
    const disbursement = screen.getByRole('region', { name: 'Loan Disbursement' });
    expect(within(disbursement).getByText('****6789')).toBeInTheDocument();
  });

  it('says a signature of a text that changed since needs signing again', async () => {
    const signature = (documentId: string, h: string) => ({ documentId, version: '2026-11.1', hash: hash(h), party: 'borrower', name: 'Pat Prime', signedAt: '2026-11-22T15:00:00Z', ip: '203.0.113.9', userAgent: 'Test' });
    // The agreement signed as it reads now; the Truth in Lending disclosure in an earlier text (x), since filled in again (b).
    stub(view({ application: { signatures: [signature('heca', 'a'), signature('truth-in-lending', 'x')] } }));
    render();
    expect(await screen.findByText('Home Equity Credit Agreement', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText(/^An earlier version signed as “Pat Prime” on .*; it changed since, so it needs signing again$/)).toBeInTheDocument();
    expect(screen.getAllByText(/^Signed as “Pat Prime” on /)).toHaveLength(1);
    // The way back to sign them again.
    expect(await screen.findByRole('link', { name: 'Edit signed disclosures' })).toHaveAttribute('href', '/app/application/sign');
  });

  it('leads on to the first page not done while open', async () => {
    stub(view());
    render();
    const go = await screen.findByRole('link', { name: 'Continue' }, { timeout: 10_000 });
    expect(go).toHaveAttribute('href', '/app/application/6');
  });

  it('has no links back once the application is submitted, and leads to its status', async () => {
    stub(view({ readOnly: true }));
    render();
    await screen.findByRole('region', { name: 'Personal Info' });
    expect(screen.queryByRole('link', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your application’s status' })).toHaveAttribute('href', '/app/application/submitted');
  });
});
