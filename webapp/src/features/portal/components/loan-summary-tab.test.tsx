import { screen, within } from '@testing-library/react';

import { ok, renderAt, sandboxSystemInfo, stubTRPC } from '@/testing/test-utils';

import type { PortalLoan } from '../api/loan-get';
import { LoanSummaryTab } from './loan-summary-tab';

const loanId = 'a'.repeat(32);

function portalLoan(offer: PortalLoan['offer']): PortalLoan {
  return {
    loan: {
      loanId,
      borrowerName: 'Pat Prime',
      borrowerEmail: 'prime@example.com',
      propertyState: 'CA',
      lineAmount: offer?.line ?? null,
      applicationStatus: 'applicationSubmitted',
      statusLabel: 'Submitted',
      lastActivityAt: '2026-11-27T15:04:00Z',
      daysSinceActivity: 0,
      createdAt: '2026-11-27T15:04:00Z',
      loanOfficer: null,
      processor: null,
      loanOfficerTag: '',
      creditStatus: null,
      neededBy: null,
      decideBy: null,
    },
    borrowerPhone: null,
    coborrowerName: null,
    submittedAt: null,
    offer,
    candidates: [],
    can: {},
  };
}

/** A term's value in the description list of the section named `section`. */
function term(section: string, name: string): string | null {
  const region = screen.getByRole('region', { name: section });
  const dt = within(region).getByText(name, { selector: 'dt' });
  return dt.nextElementSibling?.textContent ?? null;
}

describe('LoanSummaryTab', () => {
  beforeEach(() => {
    stubTRPC({ 'system.info': () => ok(sandboxSystemInfo), 'portal.notes': () => ok({ notes: [] }) });
  });

  it('shows the stored offer’s line, fee and payments as the offer page writes them, computing none', async () => {
    renderAt(
      '/portal/loan',
      <LoanSummaryTab loan={portalLoan({ line: 80_000, originationFee: 800, payments: { drawPaymentCents: 58_333, repaymentPaymentCents: 75_012 } })} />,
    );
    expect(await screen.findByRole('heading', { name: 'Line offered' })).toBeInTheDocument();
    expect(term('Line offered', 'Line amount')).toBe('$80,000');
    expect(term('Line offered', 'Origination fee')).toBe('$800');
    expect(term('Line offered', 'Monthly payment in the draw period')).toBe('$583.33');
    expect(term('Line offered', 'Monthly payment in repayment')).toBe('$750.12');
  });

  it('says when the offer has no fee or payments, and when there is no offer yet', async () => {
    const { unmount } = renderAt('/portal/loan', <LoanSummaryTab loan={portalLoan({ line: 150_000, originationFee: null, payments: null })} />);
    expect(await screen.findByRole('heading', { name: 'Line offered' })).toBeInTheDocument();
    expect(term('Line offered', 'Line amount')).toBe('$150,000');
    expect(term('Line offered', 'Origination fee')).toBe('Not in this offer');
    expect(term('Line offered', 'Monthly payment in the draw period')).toBe('Not in this offer');
    unmount();

    renderAt('/portal/loan', <LoanSummaryTab loan={portalLoan(null)} />);
    const region = await screen.findByRole('region', { name: 'Line offered' });
    expect(region).toHaveTextContent('No offer yet.');
    expect(within(region).queryByText('Origination fee')).not.toBeInTheDocument();
  });
});
