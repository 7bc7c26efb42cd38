import { screen } from '@testing-library/react';

import { ok, renderAt, sandboxSystemInfo, stubTRPC } from '@/testing/test-utils';

import { CreditDecisionPanel, DecisionBadge, type BorrowerDecision } from './credit-decision';

type Decided = NonNullable<BorrowerDecision['decision']>;

const base: Decided = {
  action: 'approve',
  label: 'Approved',
  closed: false,
  reviewed: true,
  decidedAt: '2026-11-28T15:04:00Z',
  neededBy: null,
  needed: null,
  reasons: [],
  noticeDate: null,
  creditor: null,
  terms: null,
  notice: null,
};

function show(decision: Decided | null) {
  stubTRPC({ 'system.info': () => ok(sandboxSystemInfo), 'application.decision': () => ok({ decision }) });
  renderAt(
    '/app/application/submitted',
    <>
      <DecisionBadge />
      <CreditDecisionPanel />
    </>,
  );
}

describe('the borrower’s credit decision', () => {
  it('says the application is in review before a decision', async () => {
    show(null);
    expect(await screen.findByText('Submitted: in review')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Our decision' })).not.toBeInTheDocument();
  });

  it('gives a counteroffer’s lower line and its terms, beside the line asked for', async () => {
    show({
      ...base,
      action: 'counteroffer',
      label: 'Counteroffer',
      terms: {
        line: 80000,
        requestedLine: 120000,
        apr: 7.25,
        originationFee: 800,
        drawPaymentCents: 48333,
        repaymentPaymentCents: 63230,
        drawPeriodYears: 10,
        repaymentPeriodYears: 20,
      },
    });
    const region = await screen.findByRole('region', { name: 'Our decision' });
    expect(screen.getByText('Counteroffer')).toBeInTheDocument();
    expect(region).toHaveTextContent('We can’t offer the line you asked for ($120,000), but we can offer a lower line on these terms');
    expect(screen.getByRole('row', { name: /Line of credit/ })).toHaveTextContent('$80,000');
    expect(screen.getByRole('row', { name: /APR/ })).toHaveTextContent('7.25%');
    expect(screen.getByRole('row', { name: /draw period \(line fully drawn\)/ })).toHaveTextContent('$483.33');
  });

  it('gives a decline’s principal reasons with the notice of action taken', async () => {
    show({
      ...base,
      action: 'decline',
      closed: true,
      label: 'Declined',
      reasons: ['Excessive obligations in relation to income', 'Unable to verify income'],
      noticeDate: '2026-11-28',
      creditor: 'Keystone Home Equity, LLC',
    });
    const reasons = await screen.findByRole('list', { name: 'Principal reasons' });
    expect(reasons).toHaveTextContent('Excessive obligations in relation to income');
    expect(reasons).toHaveTextContent('Unable to verify income');
    expect(screen.getByText(/Keystone Home Equity, LLC took this action on November 28, 2026/)).toBeInTheDocument();
  });

  it('shows a decline’s notice whole, with its PDF to download', async () => {
    show({
      ...base,
      action: 'decline',
      closed: true,
      label: 'Declined',
      reasons: ['Unable to verify income'],
      noticeDate: '2026-11-28',
      creditor: 'Keystone Home Equity, LLC',
      notice: {
        noticeId: 'd-1',
        date: '2026-11-28',
        reasons: ['Unable to verify income'],
        score: 641,
        scoreRange: { min: 300, max: 850 },
        scoreDate: '2026-11-20',
        keyFactors: ['Proportion of balances to credit limits is too high'],
        bureau: { name: 'Equifax', address: 'P.O. Box 740241, Atlanta, GA 30374', phone: '8006851111', website: 'www.equifax.com' },
        creditor: { name: 'Keystone Home Equity, LLC', address: '1 Main St, Philadelphia, PA 19103', nmlsId: '123456' },
        version: 'AAN-2026-11.1',
        wording: { heading: 'Notice of action taken', fcraHeading: 'Your rights under the Fair Credit Reporting Act' },
      },
    });
    const notice = await screen.findByRole('article', { name: 'Notice of action taken' });
    expect(notice).toHaveTextContent('Your credit score:641');
    expect(notice).toHaveTextContent('Equifax');
    expect(screen.getByRole('heading', { name: 'Your rights under the Fair Credit Reporting Act' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the notice (PDF)' })).toHaveAttribute('href', '/api/application/notice.pdf');
  });

  it('offers no notice to download without one', async () => {
    show({ ...base, action: 'decline', label: 'Declined', closed: true, reasons: ['Unable to verify income'] });
    await screen.findByRole('list', { name: 'Principal reasons' });
    expect(screen.queryByRole('link', { name: 'Download the notice (PDF)' })).not.toBeInTheDocument();
  });

  it('says what is needed and by when for a suspension', async () => {
    show({ ...base, action: 'suspend', label: 'Suspended — information needed', neededBy: '2026-12-05', needed: 'Your 2025 W-2.' });
    expect(await screen.findByText('We need more information by December 5, 2026 to decide on your application:')).toBeInTheDocument();
    expect(screen.getByText('Your 2025 W-2.')).toBeInTheDocument();
  });
});
