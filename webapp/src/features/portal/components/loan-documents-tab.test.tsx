import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { ok, renderAt, sandboxSystemInfo, stubTRPC, trpcError } from '@/testing/test-utils';

import type { LoanDocumentsView, LoanUploadedDocument } from '../api/loan-documents';
import { LoanDocumentsTab } from './loan-documents-tab';

const loanId = 'a'.repeat(32);

const paystub = (over: Partial<LoanUploadedDocument> = {}): LoanUploadedDocument => ({
  id: 'd'.repeat(32),
  type: 'paystubs',
  party: 'borrower',
  side: null,
  fileName: 'paystub.pdf',
  contentType: 'application/pdf',
  size: 4096,
  uploadedAt: '2026-11-25T10:00:00Z',
  review: { status: 'pending', note: null, reviewedAt: null, reviewedBy: null },
  ...over,
});

function view(upload: LoanUploadedDocument, missing: number): LoanDocumentsView {
  return {
    requirements: {
      borrower: { required: { paystubs: 1 }, missing: { paystubs: missing } },
      coborrower: null,
      totalRequired: 1,
      totalMissing: missing,
      documents: {
        borrower: [
          { type: 'paystubs', category: 'INC', label: 'Your most recent paystub', required: 1, uploaded: 1 - missing, missing, countsInTotal: true, reasons: [] },
        ],
        coborrower: null,
      },
    },
    uploads: [upload],
    readOnly: true,
    closed: false,
  };
}

describe('the portal documents tab', () => {
  it('shows each file’s review and offers no review without documents.review', async () => {
    stubTRPC({ 'portal.documents': () => ok(view(paystub(), 0)) });
    renderAt('/portal/loan', <LoanDocumentsTab loanId={loanId} />);
    expect(await screen.findByRole('link', { name: 'Download paystub.pdf' })).toBeVisible();
    expect(screen.getByText('Not reviewed')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Reject/ })).not.toBeInTheDocument();
  });

  it('accepts a file, and rejects one with a required note', async () => {
    const reviews: unknown[] = [];
    let current = view(paystub(), 0);
    stubTRPC({
      'system.info': () => ok(sandboxSystemInfo),
      'portal.documents': () => ok(current),
      'portal.reviewDocument': (input) => {
        reviews.push(input);
        const { decision, note } = input as { decision: 'accepted' | 'rejected'; note?: string };
        if (decision === 'rejected' && !note) return trpcError('BAD_REQUEST', 400, 'Refused.', [{ path: 'note', message: 'Say why.' }]);
        const reviewedBy = { id: 'u'.repeat(32), firstName: 'Uma', lastName: 'Wright', email: 'uma@example.com', role: 'underwriter' };
        current = view(paystub({ review: { status: decision, note: note ?? null, reviewedAt: '2026-11-26T10:00:00Z', reviewedBy } }), decision === 'rejected' ? 1 : 0);
        return ok(current);
      },
    });
    const user = userEvent.setup();
    renderAt('/portal/loan', <LoanDocumentsTab loanId={loanId} canReview />);
    await user.click(await screen.findByRole('button', { name: 'Accept paystub.pdf' }));
    await waitFor(() => expect(reviews).toHaveLength(1));
    await waitFor(() => expect(screen.getByText(/^Accepted by Uma Wright/)).toBeVisible());
    expect(reviews[0]).toEqual({ documentId: 'd'.repeat(32), decision: 'accepted' });
    expect(screen.queryByRole('button', { name: 'Accept paystub.pdf' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reject paystub.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject paystub.pdf' });
    // The note is required: nothing is sent without one.
    await user.click(within(dialog).getByRole('button', { name: 'Reject paystub.pdf' }));
    expect(within(dialog).getByText(/^Say why the document cannot be accepted/)).toBeVisible();
    expect(reviews).toHaveLength(1);
    await user.type(within(dialog).getByRole('textbox', { name: /Note to the borrower/ }), 'The pay date is cut off');
    await user.click(within(dialog).getByRole('button', { name: 'Reject paystub.pdf' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(reviews[1]).toEqual({ documentId: 'd'.repeat(32), decision: 'rejected', note: 'The pay date is cut off' });
    await waitFor(() => expect(screen.getByText('Note: The pay date is cut off')).toBeVisible());
    expect(screen.getByText(/^Rejected by Uma Wright/)).toBeVisible();
    expect(screen.getByText('1 missing')).toBeVisible();
  });
});
