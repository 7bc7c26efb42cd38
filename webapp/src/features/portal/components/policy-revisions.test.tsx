import { screen, within } from '@testing-library/react';

import { ok, renderAt, stubTRPC, trpcError } from '@/testing/test-utils';

import type { PolicyRevisions } from '../api/policy-revisions';
import { PolicyRevisionsList } from './policy-revisions';

const view: PolicyRevisions = {
  serving: 'b2'.repeat(32),
  items: [
    {
      id: 'p'.repeat(32),
      action: 'publish',
      author: 'ana@example.com',
      reason: 'Raise the minimum credit score to 680',
      publishedAt: '2026-11-24T10:00:00Z',
      effectiveAt: '2026-11-25T00:00:00Z',
      revision: 'b2'.repeat(32),
      baseline: 'a1'.repeat(32),
      state: 'inForce',
      checks: { passed: true, tests: 678, failed: 0, errored: 0, style: [], tables: [] },
      impact: [
        {
          entrypoint: 'heloc.eligibility.decision',
          title: 'Eligibility',
          compared: 40,
          changed: 6,
          eligibleToIneligible: 5,
          ineligibleToEligible: 0,
          reasonsGained: { CREDIT_SCORE_BELOW_MINIMUM: 5 },
          reasonsLost: {},
          line: null,
          apr: null,
        },
        {
          entrypoint: 'heloc.offer.preview',
          title: 'Preview offer',
          compared: 40,
          changed: 5,
          eligibleToIneligible: null,
          ineligibleToEligible: null,
          reasonsGained: {},
          reasonsLost: {},
          line: { count: 5, mean: -150000, largest: -175000 },
          apr: { count: 0, mean: 0, largest: 0 },
        },
      ],
    },
  ],
};

describe('the policy revisions page', () => {
  it('shows who published each revision, when, why, its checks and its impact', async () => {
    stubTRPC({ 'policy.revisions': () => ok(view) });
    renderAt('/portal/policy-revisions', <PolicyRevisionsList />);
    const card = await screen.findByRole('article', { name: 'Revision b2b2b2b2b2b2' });
    expect(within(card).getByText('In force')).toBeVisible();
    expect(within(card).getByText('ana@example.com')).toBeVisible();
    expect(within(card).getByText('Why: Raise the minimum credit score to 680')).toBeVisible();
    expect(within(card).getByText(/^All checks passed: 678 Rego tests/)).toBeVisible();
    const impact = within(card).getByRole('table', { name: 'Impact of revision b2b2b2b2b2b2 on the stored decisions' });
    const eligibility = within(impact).getByRole('row', { name: /^Eligibility/ });
    expect(eligibility).toHaveTextContent('5 eligible to ineligible, 0 ineligible to eligible; reasons gained: CREDIT_SCORE_BELOW_MINIMUM 5; lost: none');
    expect(within(impact).getByRole('row', { name: /^Preview offer/ })).toHaveTextContent('line moved on 5 (mean −$150,000, largest −$175,000)');
  });

  it('says when nothing was published, and who may see the revisions to a role that may not', async () => {
    stubTRPC({ 'policy.revisions': () => ok({ serving: 'a1'.repeat(32), items: [] }) });
    const { unmount } = renderAt('/portal/policy-revisions', <PolicyRevisionsList />);
    expect(await screen.findByText(/^No revision has been published/)).toBeVisible();
    unmount();
    stubTRPC({ 'policy.revisions': () => trpcError('FORBIDDEN', 403, 'Your role does not allow this.') });
    renderAt('/portal/policy-revisions', <PolicyRevisionsList />);
    expect(await screen.findByText(/^The policy revisions are for administrators and compliance/)).toBeVisible();
  });
});
