import { screen, waitFor } from '@testing-library/react';

import { sessions } from '@/features/auth/stores/session-store';
import { currentUrl, ok, renderRoutes, sandboxSystemInfo, stubTRPC } from '@/testing/test-utils';

import { usePrequalStore } from '../../stores/prequal-store';
import { estimateInput, PreOfferPage } from './pre-offer-page';

const answers = {
  propertyValue: 850_000,
  hasMortgage: true,
  mortgageEstimate: 312_000,
  fbm: { foreclosure: false, bankruptcy: false, modification: false },
  creditRange: 'excellent' as const,
  propertyUsage: 'primaryResidence' as const,
};

const pages = { area: 'initialSetup', pages: [], previous: null, next: null };

function stub(result: unknown, estimates: unknown[] = []) {
  return stubTRPC(
    {
      'system.info': () => ok(sandboxSystemInfo),
      'funnel.pages': () => ok(pages),
      'prequal.estimate': (input) => (estimates.push(input), ok(result)),
    },
    { auth: { 'GET applicant/session': () => ({ body: {} }) } },
  );
}

function routes() {
  return [
    { path: '/app/initial-setup/pre-offer', element: <PreOfferPage /> },
    { path: '/app/ineligible/low-equity', element: <h1>Not enough equity</h1> },
  ];
}

describe('PreOfferPage', () => {
  beforeEach(() => {
    sessions.applicant.reset();
    usePrequalStore.getState().reset();
  });

  it('builds the estimate’s input from the answers, a primary residence when property use was not asked', () => {
    expect(estimateInput(answers)).toEqual({
      propertyValue: 850_000,
      mortgageBalance: 312_000,
      creditRange: 'excellent',
      propertyUsage: 'primaryResidence',
      hasFbm: false,
    });
    const { propertyUsage: _u, ...withoutUsage } = answers;
    expect(estimateInput({ ...withoutUsage, hasMortgage: false, fbm: { foreclosure: false, bankruptcy: true, modification: false } })).toMatchObject({
      mortgageBalance: 0,
      propertyUsage: 'primaryResidence',
      hasFbm: true,
    });
    expect(estimateInput({ propertyValue: 1 })).toBeNull();
  });

  it('shows a visitor’s estimate, marked as one, from the answers kept in the browser', async () => {
    usePrequalStore.getState().saveAnswers(answers);
    const estimates: unknown[] = [];
    stub(
      {
        eligibility: { decisionId: 'e', eligible: true, ineligiblePage: null, reasons: [] },
        offer: { decisionId: 'o', eligible: true, maxLine: 410_500, minLine: 25_000, cltv: 0.85, apr: 7.25, originationFee: 2500 },
        creditScore: 760,
      },
      estimates,
    );
    renderRoutes('/app/initial-setup/pre-offer', routes());
    expect(await screen.findByText('Up to $410,500')).toBeInTheDocument();
    expect(screen.getByText('Estimate, not an offer')).toBeInTheDocument();
    expect(screen.getByText('Based on what you told us; not an offer.')).toBeInTheDocument();
    expect(screen.getByText('7.25%')).toBeInTheDocument();
    expect(estimates).toEqual([estimateInput(answers)]);
  });

  it('lists the answers it still needs, linked to their pages', async () => {
    usePrequalStore.getState().saveAnswers({ propertyValue: 400_000 });
    const estimates: unknown[] = [];
    stub({}, estimates);
    renderRoutes('/app/initial-setup/pre-offer', routes());
    expect(await screen.findByRole('link', { name: 'What you owe on your mortgages' })).toHaveAttribute('href', '/app/initial-setup/mortgage-estimate');
    expect(screen.getByRole('link', { name: 'Your credit range' })).toHaveAttribute('href', '/app/initial-setup/credit-range');
    expect(screen.queryByRole('link', { name: 'Your home’s value' })).not.toBeInTheDocument();
    expect(estimates).toEqual([]);
  });

  it('goes to the ineligible page with the reasons, kept as an estimate’s (no credit notice)', async () => {
    usePrequalStore.getState().saveAnswers({ ...answers, propertyValue: 380_000, mortgageEstimate: 352_000 });
    const reason = 'Your home’s value and what you owe on it leave $0 to borrow, less than our smallest line of $25,000.';
    stub({
      eligibility: { decisionId: 'e', eligible: false, ineligiblePage: 'low-equity', reasons: [{ code: 'LOW_EQUITY', message: reason }] },
      offer: { decisionId: 'o', eligible: false, maxLine: 0, minLine: 25_000, cltv: 0.93, apr: 0, originationFee: 0 },
      creditScore: 760,
    });
    const { router } = renderRoutes('/app/initial-setup/pre-offer', routes());
    await waitFor(() => expect(currentUrl(router)).toBe('/app/ineligible/low-equity'));
    expect(usePrequalStore.getState()).toMatchObject({ isAdverseAction: false, adverseActionMessage: reason });
  });
});
