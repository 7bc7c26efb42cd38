import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { ok, renderAt, stubTRPC } from '@/testing/test-utils';

import type { DecisionsPage, StoredDecision } from '../api/decisions-list';
import type { DecisionReplay } from '../api/decisions-replay';
import { LoanDecisionsTab } from './loan-decisions-tab';

const loanId = 'a'.repeat(32);
const revisionA = 'a1'.repeat(32);
const revisionB = 'b2'.repeat(32);
/** A JSON value as the wire types have it. */
const json = (v: unknown) => v as StoredDecision['input'];
const publishedB = {
  id: 'p'.repeat(32),
  action: 'publish' as const,
  author: 'ana@example.com',
  reason: 'Raise the minimum credit score to 680',
  publishedAt: '2026-11-24T10:00:00Z',
  effectiveAt: '2026-11-24T10:00:00Z',
};

// An approval made under A (the shipped rules), whose minimum score was 660.
const approval: StoredDecision = {
  id: 'd'.repeat(32),
  entrypoint: 'heloc.eligibility.decision',
  title: 'Eligibility',
  summary: 'Eligible',
  revision: revisionA,
  createdAt: '2026-11-22T15:00:00Z',
  input: json({ creditScore: 665 }),
  result: json({ eligible: true, reasons: [] }),
  explanation: { reasons: [], rows: [] },
  explainedUnder: revisionA,
  publication: null,
  todayDiffers: true,
};

const page: DecisionsPage = {
  items: [approval],
  nextCursor: null,
  kinds: [{ entrypoint: 'heloc.eligibility.decision', title: 'Eligibility', count: 1, page: false }],
  revision: revisionB,
  canReplay: true,
  canExport: false,
};

const replay: DecisionReplay = {
  decisionId: approval.id,
  entrypoint: approval.entrypoint,
  title: 'Eligibility',
  storedRevision: revisionA,
  currentRevision: revisionB,
  storedPublication: null,
  currentPublication: publishedB,
  reproduced: true,
  changed: true,
  changes: [{ path: 'eligible', old: true, new: false }],
  summary: 'Not eligible: CREDIT_SCORE_BELOW_MINIMUM',
  result: json({ eligible: false }),
};

describe('the portal Decisions tab', () => {
  it('says which revision made a decision, that today’s rules would decide otherwise, and who published them', async () => {
    stubTRPC({ 'portal.decisions': () => ok(page), 'portal.replay': () => ok(replay) });
    renderAt('/portal/loan', <LoanDecisionsTab loanId={loanId} />);
    expect(
      await screen.findByText('Decided under revision a1a1a1a1a1a1 (never published).'),
    ).toBeVisible();
    expect(screen.getByText(/^Today’s rules \(revision b2b2b2b2b2b2\) would decide otherwise\./)).toBeVisible();
    expect(screen.getByText(/^The rules and table values above are those of revision a1a1a1a1a1a1, which made this decision/)).toBeVisible();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Replay under today’s rules' }));
    expect(await screen.findByText('Today’s rules would change one field')).toBeVisible();
    expect(
      screen.getByText(
        /Stored under revision a1a1a1a1a1a1 \(never published\), replayed under today’s revision b2b2b2b2b2b2 \(published by ana@example\.com on November 24, 2026\)\. Revision a1a1a1a1a1a1’s own rules still give the stored result\./,
      ),
    ).toBeVisible();
  });

  it('says nothing of today’s rules for a decision of today’s revision', async () => {
    const today = { ...approval, revision: revisionB, explainedUnder: revisionB, publication: publishedB, todayDiffers: null };
    stubTRPC({ 'portal.decisions': () => ok({ ...page, items: [today] }) });
    renderAt('/portal/loan', <LoanDecisionsTab loanId={loanId} />);
    expect(
      await screen.findByText('Decided under revision b2b2b2b2b2b2 (published by ana@example.com on November 24, 2026).'),
    ).toBeVisible();
    expect(screen.queryByText(/would decide otherwise/)).not.toBeInTheDocument();
  });
});
