import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { DocumentsView, RequiredDocument } from '@/api/documents/types';
import { currentUrl, ok, renderRoutes, sandboxSystemInfo, stubTRPC, trpcError } from '@/testing/test-utils';

import UploadPage from './upload';

const path = '/app/application/upload';
const next = '/app/application/identity-verification';

const paystubs = (uploaded: number): RequiredDocument => ({
  type: 'paystubs',
  category: 'INC',
  label: 'Your 4 most recent paystubs, showing year-to-date earnings',
  required: 4,
  uploaded,
  missing: 4 - uploaded,
  countsInTotal: true,
  reasons: [],
});

function view(borrower: RequiredDocument[], coborrower: RequiredDocument[] | null = null): DocumentsView {
  const missing = [...borrower, ...(coborrower ?? [])].reduce((n, d) => n + (d.countsInTotal ? d.missing : 0), 0);
  return {
    requirements: {
      borrower: { required: {}, missing: {} },
      coborrower: coborrower && { required: {}, missing: {} },
      totalRequired: 0,
      totalMissing: missing,
      documents: { borrower, coborrower },
    },
    uploads: [],
    readOnly: false,
    closed: false,
  };
}

const noHistory = { formerAddresses: [], employments: [], employmentGaps: [], incomeSources: [] };

const application = {
  application: {
    user: { firstName: 'Ana', lastName: 'Rivera', ...noHistory },
    coborrower: { firstName: 'Sam', lastName: 'Rivera', ...noHistory },
    uploads: [],
    property: {},
    mortgages: [],
    liabilities: [],
    propertyOwnerships: [],
    isInTrust: false,
  },
  applicationStatus: 'identityVerification',
  readOnly: false,
  hasCoborrower: true,
};

function setup(documents: DocumentsView, complete: () => { status?: number; body: unknown } = () => ok(documents)) {
  const calls = { complete: 0 };
  stubTRPC({
    'system.info': () => ok(sandboxSystemInfo),
    'documents.list': () => ok(documents),
    'application.get': () => ok(application),
    'funnel.pages': () =>
      ok({
        area: 'application',
        progress: null,
        pages: [],
        previous: { path: '/app/application/income-verification', label: 'Income', area: 'application', step: 'application6', section: null, order: null },
        next: { path: next, label: 'Identity', area: 'application', step: 'identityVerification', section: null, order: null },
      }),
    'documents.complete': () => {
      calls.complete += 1;
      return complete();
    },
  });
  const rendered = renderRoutes(path, [
    { path, element: <UploadPage /> },
    { path: next, element: <h1>Identity</h1> },
  ]);
  return { ...rendered, calls, user: userEvent.setup() };
}

describe('upload page', () => {
  it('names each person and, while documents are missing, Continue says which and stays', async () => {
    const { user, router, calls } = setup(view([paystubs(1)], [paystubs(0)]));
    expect(await screen.findByRole('region', { name: 'Ana Rivera (borrower)' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Sam Rivera (coborrower)' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Some documents are still missing')).toBeVisible();
    expect(alert).toHaveTextContent('Ana Rivera: Your 4 most recent paystubs, showing year-to-date earnings (3 missing)');
    expect(alert).toHaveTextContent('Sam Rivera: Your 4 most recent paystubs, showing year-to-date earnings (4 missing)');
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveAccessibleDescription(/still missing/);
    expect(currentUrl(router)).toBe(path);
    expect(calls.complete).toBe(0);
  });

  it('with nothing missing, Continue moves the loan on (documents.complete) and goes to the next page', async () => {
    const { user, router, calls } = setup(view([paystubs(4)]));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(next));
    expect(calls.complete).toBe(1);
  });

  it('a document left out of the totals (an ID after a passed check) does not hold Continue back', async () => {
    const id: RequiredDocument = { ...paystubs(0), type: 'idDocument', category: 'APP', label: 'Government-issued photo ID', required: 1, missing: 1, countsInTotal: false };
    const { user, router, calls } = setup(view([id, paystubs(4)]));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(next));
    expect(calls.complete).toBe(1);
  });

  it('shows the server’s answer when it still finds something missing', async () => {
    const refused = trpcError('BAD_REQUEST', 400, 'Documents are missing.', [
      { path: 'documents', message: '1 document is still missing: Government-issued photo ID (borrower).' },
    ]);
    const { user, router } = setup(view([paystubs(4)]), () => refused);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('1 document is still missing: Government-issued photo ID (borrower).');
    expect(currentUrl(router)).toBe(path);
  });

  it('an application with nothing to upload says so and goes on', async () => {
    const { user, router } = setup(view([]));
    expect(await screen.findByText('No documents needed')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(next));
  });
});
