import { screen } from '@testing-library/react';

import { aNotice, ok, renderAt, sandboxSystemInfo, stubTRPC } from '@/testing/test-utils';

import type { BorrowerDecision } from '../credit-decision';
import SubmittedPage from './submitted';
import { anApplicationView } from './test-views';

type Decided = NonNullable<BorrowerDecision['decision']>;

const submitted = anApplicationView({ application: { submittedAt: '2026-11-28T15:04:00Z' }, applicationStatus: 'applicationSubmitted', readOnly: true });

// As the underwriting table says by default; a test may say otherwise.
const decided = (
  action: Decided['action'],
  label: string,
  closed = action === 'decline' || action === 'withdraw',
  reviewed = action === 'approve' || action === 'counteroffer' || action === 'decline',
): Decided => ({
  action,
  label,
  closed,
  reviewed,
  decidedAt: '2026-11-29T10:00:00Z',
  neededBy: null,
  needed: null,
  reasons: action === 'decline' ? ['Value or type of collateral not sufficient'] : [],
  noticeDate: null,
  creditor: null,
  terms: null,
  notice: null,
});

function show(decision: Decided | null) {
  stubTRPC({ 'system.info': () => ok(sandboxSystemInfo), 'application.get': () => ok(submitted), 'application.decision': () => ok({ decision }) });
  renderAt('/app/application/submitted', <SubmittedPage />);
}

const timeline = ['Review', 'Conditions', 'Appraisal, where needed', 'Closing'];

describe('what happens after submission', () => {
  it('gives the whole timeline while the application is in review', async () => {
    show(null);
    expect(await screen.findByText('Submitted: in review')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Review' })).toBeInTheDocument();
    for (const step of timeline) expect(screen.getByRole('heading', { name: step })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload documents' })).toBeInTheDocument();
  });

  it('gives the steps after review once the application is approved', async () => {
    show(decided('approve', 'Approved'));
    expect(await screen.findByRole('heading', { name: 'Closing' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Review' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Conditions' })).toBeInTheDocument();
  });

  it('promises no review or closing once the application is declined or withdrawn: it is closed', async () => {
    for (const [action, label] of [
      ['decline', 'Declined'],
      ['withdraw', 'Withdrawn'],
    ] as const) {
      show(decided(action, label));
      const next = await screen.findByRole('region', { name: 'What happens next' });
      expect(await screen.findByText(/this application is closed, and we need nothing else from you/)).toBeInTheDocument();
      for (const step of timeline) expect(screen.queryByRole('heading', { name: step })).not.toBeInTheDocument();
      expect(next).not.toHaveTextContent('closing');
      expect(screen.queryByRole('link', { name: 'Upload documents' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'View your application' })).toBeInTheDocument();
      document.body.innerHTML = '';
    }
  });

  it('points to the notice of action taken above only when the decision has one', async () => {
    const pointer = /Your notice above gives the reasons for our decision and your rights/;
    show({ ...decided('decline', 'Declined'), notice: aNotice({}) });
    expect(await screen.findByText(pointer)).toBeInTheDocument();
    document.body.innerHTML = '';

    show(decided('decline', 'Declined'));
    expect(await screen.findByText(/this application is closed, and we need nothing else from you/)).toBeInTheDocument();
    expect(screen.queryByText(pointer)).not.toBeInTheDocument();
  });

  it('follows the rules on what closes the application, not the action’s name', async () => {
    // A table where a suspension closes the application: nothing more is promised.
    show(decided('suspend', 'Suspended — information needed', true));
    expect(await screen.findByText('Nothing more: this application is closed, and we need nothing else from you.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Review' })).not.toBeInTheDocument();
  });

  it('follows the rules on which decisions end the review, not the action’s name', async () => {
    // A table where an approval leaves the review open: the review is still ahead.
    show(decided('approve', 'Approved', false, false));
    expect(await screen.findByRole('heading', { name: 'Review' })).toBeInTheDocument();
    document.body.innerHTML = '';
    // A table where a suspension ends the review: the conditions come next.
    show(decided('suspend', 'Suspended — information needed', false, true));
    expect(await screen.findByRole('heading', { name: 'Conditions' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Review' })).not.toBeInTheDocument();
  });
});
