import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { shapes, type Shape } from '@/api/procedures.gen';
import { ok, renderAt, sandboxSystemInfo, stubTRPC } from '@/testing/test-utils';

import type { PortalApplication, PortalHmdaView } from '../api/loan-application';
import type { PortalBorrower } from '../api/loan-borrower';
import type { LoanDocumentsView } from '../api/loan-documents';
import { LoanApplicationTab } from './loan-application-tab';
import { LoanBorrowerTab } from './loan-borrower-tab';
import { LoanDecisionsTab } from './loan-decisions-tab';
import { LoanDocumentsTab } from './loan-documents-tab';

const loanId = 'a'.repeat(32);

/** The one concrete value a shape allows: content.labels' answer is the schema's #EnumLabels itself. */
function concrete(s: Shape): unknown {
  if (s.$ref) return concrete(shapes[s.$ref]!);
  if (s.enum) return s.enum[0];
  return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, concrete(v)]));
}
const enumLabels = concrete(shapes.EnumLabels!);

// What portal.application answers: every enumeration already a label
// (the server applies the schema's #EnumLabels).
const application: PortalApplication = {
  started: true,
  submittedAt: '2026-11-20T10:00:00Z',
  property: {
    address: { line1: '12 Elm St', line2: null, city: 'Austin', state: 'TX', zip: '78701', county: null },
    occupancy: 'Primary Home',
    type: 'Single-family home',
    units: '1 (Single Family, Condo)',
    titleHolding: 'Joint tenants',
    inTrust: false,
    value: 500000,
    monthlyTaxes: 450,
    monthlyInsurance: null,
    hoaMonthly: null,
  },
  liens: [
    {
      creditor: 'First Home Bank',
      kind: 'Conventional',
      debtor: 'Joint',
      balance: 210000,
      monthlyPayment: 1450,
      confirmed: true,
      addedByUser: false,
      toBePaidOff: false,
      omitted: false,
      latePaymentDays: 30,
      latePaymentDate: '2025-02-01',
    },
  ],
  liabilities: [],
  otherProperties: [],
  people: [
    {
      party: 'borrower',
      name: 'Pat Prime',
      citizenship: 'U.S. citizen',
      maritalStatus: 'Unmarried (single, divorced or widowed)',
      militaryStatus: 'No military service',
      housing: 'Currently Own',
      incomeVerification: { method: 'Payroll connection', provider: 'Argyle', verifiedAt: '2026-11-18T10:00:00Z' },
      identity: null,
      employments: [
        {
          employerName: 'Acme Tools',
          position: 'Engineer',
          startDate: '2021-03-01',
          endDate: null,
          selfEmployed: false,
          businessStructure: null,
          monthlyPay: 8000,
          verification: 'Verified through payroll',
        },
      ],
      gaps: [
        { from: '2020-06-01', to: '2021-02-28', days: 272, explanation: 'Caring for a parent' },
        { from: '2022-01-01', to: '2022-03-01', days: 59, explanation: null },
      ],
      incomes: [{ source: 'Employment at Acme Tools', monthly: 8000, verification: 'Verified through payroll' }],
      declarations: [{ question: 'Declared bankruptcy within the past 7 years', answer: 'Yes', detail: 'Chapter 7' }],
    },
  ],
  credit: [
    {
      party: 'borrower',
      pulledAt: '2026-11-10T10:00:00Z',
      score: 744,
      scoreModel: 'FICO 8',
      scoreRange: { min: 300, max: 850 },
      bureau: 'Equifax',
      keyFactors: ['Too many inquiries'],
      tradelines: [{ creditor: 'First Home Bank', kind: 'Mortgage', balance: 210000, monthlyPayment: 1450, latePaymentDays: 30, latePaymentDate: '2025-02-01' }],
      latePayments: 1,
    },
  ],
  figures: { decidedAt: '2026-11-20T10:00:00Z', line: 80000, cltv: 0.58, dti: { ratio: 0.3621, max: 0.43, monthlyIncome: 8000, monthlyDebts: 1450 } },
};

const hmda: PortalHmdaView = { people: [{ party: 'borrower', name: 'Pat Prime', ethnicity: ['Not Hispanic or Latino'], race: ['Asian (Korean)'], sex: ['Female'] }] };

/** A term's value in the description list of the section named `section`. */
function term(section: string, name: string): string | null {
  const region = screen.getByRole('region', { name: section });
  const dt = within(region).getByText(name, { selector: 'dt' });
  return dt.nextElementSibling?.textContent ?? null;
}

describe('the Application tab', () => {
  it('shows the application in words, the rules’ CLTV and DTI, and dates as people read them', async () => {
    stubTRPC({ 'portal.application': () => ok(application) });
    renderAt('/portal/loan', <LoanApplicationTab loanId={loanId} canSeeHmda={false} />);
    expect(await screen.findByRole('heading', { name: 'Property and occupancy' })).toBeVisible();
    expect(term('Property and occupancy', 'Occupancy')).toBe('Primary Home');
    expect(term('Property and occupancy', 'Title held as')).toBe('Joint tenants');
    expect(term('Borrower: Pat Prime', 'Citizenship')).toBe('U.S. citizen');
    expect(term('CLTV and DTI', 'Combined loan-to-value (CLTV)')).toBe('58.00%');
    expect(term('CLTV and DTI', 'Debt-to-income (DTI)')).toBe('36.21%');
    expect(term('Credit report', 'Score')).toBe('744 (FICO 8, 300–850)');
    expect(term('Credit report', 'Late payments reported')).toBe('1');
    const liens = screen.getByRole('list', { name: 'Liens on the property' });
    expect(within(liens).getByText('30 days late on February 1, 2025')).toBeVisible();
    expect(screen.getByText('June 1, 2020 to February 28, 2021 (272 days): “Caring for a parent”')).toBeVisible();
    expect(screen.getByText('no explanation given yet')).toBeVisible();
    expect(screen.getByText('Declared bankruptcy within the past 7 years')).toBeVisible();
    expect(screen.getByText('Yes: Chapter 7')).toBeVisible();
    // No code and no ISO date reaches the page.
    expect(document.body.textContent).not.toMatch(/usCitizen|primaryResidence|\d{4}-\d{2}-\d{2}/);
  });

  it('does not ask for or show the demographic answers without hmda.read', async () => {
    const asked: string[] = [];
    stubTRPC({
      'portal.application': () => ok(application),
      'portal.hmda': () => {
        asked.push('portal.hmda');
        return ok(hmda);
      },
    });
    renderAt('/portal/loan', <LoanApplicationTab loanId={loanId} canSeeHmda={false} />);
    expect(await screen.findByRole('heading', { name: 'Property and occupancy' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: /Demographic/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Asian (Korean)')).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('shows the demographic answers, apart and marked not for underwriting, with hmda.read', async () => {
    stubTRPC({ 'portal.application': () => ok(application), 'portal.hmda': () => ok(hmda) });
    renderAt('/portal/loan', <LoanApplicationTab loanId={loanId} canSeeHmda />);
    expect(await screen.findByRole('heading', { name: 'Demographic information (HMDA)' })).toBeVisible();
    expect(await screen.findByText('Asian (Korean)')).toBeVisible();
    expect(screen.getByText(/Not for underwriting/)).toBeVisible();
  });
});

describe('the Borrower tab', () => {
  const borrower: PortalBorrower = {
    people: [
      {
        party: 'borrower',
        firstName: 'Pat',
        middleName: null,
        lastName: 'Prime',
        email: 'prime@example.com',
        phone: null,
        maritalStatus: 'Unmarried (single, divorced or widowed)',
        citizenship: 'U.S. citizen',
        housing: 'Currently Own',
        currentAddress: null,
        identityVerificationStatus: null,
        employments: [],
        sensitive: [
          { field: 'borrower.ssn', label: 'Social Security number', masked: '***-**-0001', hasValue: true },
          { field: 'borrower.dateOfBirth', label: 'Date of birth', masked: '**/**/****', hasValue: true },
        ],
      },
    ],
    disbursement: null,
    started: true,
    canUnmask: true,
  };

  it('shows the SSN masked to its last four, and a date of birth shown as a day', async () => {
    stubTRPC({
      'system.info': () => ok(sandboxSystemInfo),
      'portal.borrower': () => ok(borrower),
      'portal.unmask': (input) => {
        const { field } = input as { field: string };
        return ok({ field, label: '', value: field === 'borrower.ssn' ? '123-45-0001' : '1980-04-12' });
      },
    });
    const user = userEvent.setup();
    renderAt('/portal/loan', <LoanBorrowerTab loanId={loanId} />);
    expect(await screen.findByTestId('value-borrower.ssn')).toHaveTextContent('***-**-0001');
    expect(screen.getByText('U.S. citizen')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Show date of birth' }));
    await waitFor(() => expect(screen.getByTestId('value-borrower.dateOfBirth')).toHaveTextContent('April 12, 1980'));
  });
});

describe('the Decisions tab', () => {
  // The kinds are all the loan's, page decisions too, whatever is listed.
  const page = () => ({
    items: [],
    nextCursor: null,
    kinds: [
      { entrypoint: 'heloc.eligibility.decision', title: 'Eligibility', count: 2, page: false },
      { entrypoint: 'heloc.funnel.pages', title: 'Pages of the application', count: 86, page: true },
    ],
    revision: 'f'.repeat(64),
    canReplay: false,
    canExport: true,
  });

  it('lists the credit decisions, the page decisions only when asked, and no export', async () => {
    const inputs: unknown[] = [];
    stubTRPC({
      'portal.decisions': (input) => {
        inputs.push(input);
        return ok(page());
      },
    });
    const user = userEvent.setup();
    renderAt('/portal/loan', <LoanDecisionsTab loanId={loanId} />);
    expect(await screen.findByRole('heading', { name: 'Credit decisions (2)' })).toBeVisible();
    expect(inputs[0]).toEqual({ loanId, credit: true });
    expect(screen.queryByRole('radio', { name: /Pages of the application/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Export to the loan system' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: /Show page decisions too \(86\)/ }));
    expect(await screen.findByRole('heading', { name: 'Decisions (88)' })).toBeVisible();
    expect(inputs.at(-1)).toEqual({ loanId });
    expect(screen.getByRole('radio', { name: 'Pages of the application (86)' })).toBeInTheDocument();
  });
});

describe('the documents’ preview', () => {
  const docs = (contentType: 'application/pdf' | 'image/png' | 'image/heic', fileName: string): LoanDocumentsView => ({
    requirements: {
      borrower: { required: {}, missing: {} },
      coborrower: null,
      totalRequired: 0,
      totalMissing: 0,
      documents: { borrower: [], coborrower: null },
    },
    uploads: [
      {
        id: 'd'.repeat(32),
        type: 'bankStatements',
        party: 'borrower',
        side: null,
        fileName,
        contentType,
        size: 2048,
        uploadedAt: '2026-11-25T10:00:00Z',
        review: { status: 'pending', note: null, reviewedAt: null, reviewedBy: null },
      },
    ],
    readOnly: true,
    closed: false,
  });

  it('shows a PDF in a frame and an image inline, from the download address', async () => {
    stubTRPC({ 'portal.documents': () => ok(docs('application/pdf', 'statement.pdf')) });
    const user = userEvent.setup();
    const { unmount } = renderAt('/portal/loan', <LoanDocumentsTab loanId={loanId} />);
    await user.click(await screen.findByRole('button', { name: 'Preview statement.pdf' }));
    expect(screen.getByTitle('Preview of statement.pdf')).toHaveAttribute('src', `/api/documents/${'d'.repeat(32)}?preview=1`);
    unmount();

    stubTRPC({ 'portal.documents': () => ok(docs('image/png', 'statement.png')) });
    renderAt('/portal/loan', <LoanDocumentsTab loanId={loanId} />);
    await user.click(await screen.findByRole('button', { name: 'Preview statement.png' }));
    expect(screen.getByRole('img', { name: 'Preview of statement.png' })).toHaveAttribute('src', `/api/documents/${'d'.repeat(32)}?preview=1`);
  });

  it('names a file’s kind by the schema’s label when the policy did not ask it of the person, never by its code', async () => {
    const view = docs('image/png', 'id-front.png');
    view.uploads = [{ ...view.uploads![0]!, type: 'idDocument', side: 'front' }];
    stubTRPC({
      'portal.documents': () => ok(view),
      'content.labels': () => ok(enumLabels),
    });
    renderAt('/portal/loan', <LoanDocumentsTab loanId={loanId} />);
    expect(await screen.findByText(/^Government-issued photo ID \(front side\)/)).toBeVisible();
    expect(screen.queryByText(/idDocument \(/)).not.toBeInTheDocument();
  });

  it('offers no preview of a file the browser cannot show', async () => {
    stubTRPC({ 'portal.documents': () => ok(docs('image/heic', 'statement.heic')) });
    renderAt('/portal/loan', <LoanDocumentsTab loanId={loanId} />);
    expect(await screen.findByRole('link', { name: 'Download statement.heic' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Preview/ })).not.toBeInTheDocument();
  });
});
