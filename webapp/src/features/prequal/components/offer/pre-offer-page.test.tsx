import { screen } from '@testing-library/react';

import { sessions } from '@/lib/auth/session-store';
import { currentUrl, ok, renderRoutes, sandboxSystemInfo, stubTRPC } from '@/testing/test-utils';

import { usePrequalStore } from '../../stores/prequal-store';
import { estimateInput, PreOfferPage } from './pre-offer-page';

/** The program's terms every estimate states (#OfferResult), offer or not. */
const terms = { margin: 0, primeRate: 7.5, rateFloor: 4, rateCap: 18, drawPeriodYears: 10, repaymentPeriodYears: 20 };

const answers = {
  propertyValue: 850_000,
  hasMortgage: true,
  mortgageEstimate: 312_000,
  fbm: { foreclosure: false, bankruptcy: false, modification: false },
  creditRange: 'excellent' as const,
  propertyUsage: 'primaryResidence' as const,
};

const pages = { area: 'initialSetup', pages: [], previous: null, next: null, progress: null };

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
    // An answer not given yet is left out: the policy names it as missing.
    expect(estimateInput({ propertyValue: 400_000 })).toEqual({ propertyValue: 400_000, propertyUsage: 'primaryResidence', hasFbm: false });
    // The credit range is the policy's to ask for (notDecided), not a reason not to ask.
    const { creditRange: _c, ...withoutRange } = answers;
    expect(estimateInput(withoutRange)).not.toHaveProperty('creditRange');
  });

  it('shows a visitor’s estimate, marked as one, from the answers kept in the browser', async () => {
    usePrequalStore.getState().saveAnswers(answers);
    const estimates: unknown[] = [];
    stub(
      {
        eligibility: { decisionId: 'e', eligible: true, ineligiblePage: null, reasons: [] },
        offer: { ...terms, decisionId: 'o', eligible: true, maxLine: 410_500, minLine: 25_000, cltv: 0.85, apr: 7.25, originationFee: 2500 },
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
    // Beside the default path, the page names the step that turns the estimate into an offer.
    expect(screen.getByRole('link', { name: 'Check my credit with a soft pull' })).toHaveAttribute('href', '/app/initial-setup/credit-score');
  });

  it('before the value and balance are given, asks the policy, which names them with the pages that ask them', async () => {
    usePrequalStore.getState().saveAnswers({ creditRange: 'excellent' });
    const estimates: unknown[] = [];
    const missing = [
      { fact: 'propertyValue', label: 'Your home’s value', page: 'property-value' },
      { fact: 'mortgageBalance', label: 'What you owe on your mortgages', page: 'mortgage-estimate' },
    ];
    stub(
      {
        eligibility: {
          decisionId: 'e',
          eligible: false,
          outcome: 'notDecided',
          ineligiblePage: null,
          reasons: [{ code: 'NOT_DECIDED', message: 'We need a few more answers before we can decide.', page: null, adverseAction: null }],
          missing,
        },
        offer: { ...terms, decisionId: 'o', eligible: false, outcome: 'notDecided', missing, maxLine: 0, minLine: 25_000, cltv: 0, apr: 0, originationFee: 0 },
        creditScore: 760,
      },
      estimates,
    );
    renderRoutes('/app/initial-setup/pre-offer', routes());
    expect(await screen.findByText('We need a few more answers')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your home’s value' })).toHaveAttribute('href', '/app/initial-setup/property-value');
    expect(screen.getByRole('link', { name: 'What you owe on your mortgages' })).toHaveAttribute('href', '/app/initial-setup/mortgage-estimate');
    // Neither is sent as a zero.
    expect(estimates).toEqual([{ creditRange: 'excellent', propertyUsage: 'primaryResidence', hasFbm: false }]);
  });

  it('lists what the policy says is missing, linked to the pages that ask it, and never declines', async () => {
    const { creditRange: _c, ...withoutRange } = answers;
    usePrequalStore.getState().saveAnswers(withoutRange);
    const missing = [{ fact: 'creditScore', label: 'Your credit range', page: 'credit-range' }];
    stub({
      eligibility: {
        decisionId: 'e',
        eligible: false,
        outcome: 'notDecided',
        ineligiblePage: null,
        reasons: [{ code: 'NOT_DECIDED', message: 'We need more answers to decide.', page: null, adverseAction: null }],
        missing,
      },
      offer: { ...terms, decisionId: 'o', eligible: false, outcome: 'notDecided', missing, maxLine: 0, minLine: 25_000, cltv: 0, apr: 0, originationFee: 0 },
      creditScore: null,
    });
    const { router } = renderRoutes('/app/initial-setup/pre-offer', routes());
    expect(await screen.findByText('We need a few more answers')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your credit range' })).toHaveAttribute('href', '/app/initial-setup/credit-range');
    expect(screen.queryByText('We need more answers to decide.')).not.toBeInTheDocument();
    expect(currentUrl(router)).toBe('/app/initial-setup/pre-offer');
  });

  it('says answers that may not qualify in the policy’s estimate words and offers the soft credit check, never the ineligible page', async () => {
    usePrequalStore.getState().saveAnswers({ ...answers, creditRange: 'poor' });
    const message = 'The credit range you chose is below the score we need; a soft credit check will tell us your actual score.';
    stub({
      eligibility: {
        decisionId: 'e',
        eligible: false,
        outcome: 'mayNotQualify',
        ineligiblePage: null,
        reasons: [{ code: 'CREDIT_SCORE_BELOW_MINIMUM', message, page: null, adverseAction: null }],
        missing: [],
      },
      offer: { ...terms, decisionId: 'o', eligible: false, outcome: 'mayNotQualify', maxLine: 0, minLine: 25_000, cltv: 0.4, apr: 0, originationFee: 0 },
      creditScore: 600,
    });
    const { router } = renderRoutes('/app/initial-setup/pre-offer', routes());
    expect(await screen.findByText('From what you told us, this may not qualify')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByText(/we have not checked your credit/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Check my credit with a soft pull' })).toHaveAttribute('href', '/app/initial-setup/credit-score');
    // No figure the visitor did not give, no notice, nothing kept as a decline.
    expect(screen.getByRole('alert')).not.toHaveTextContent(/\b600\b/);
    expect(screen.queryByRole('article', { name: 'Notice of action taken' })).not.toBeInTheDocument();
    expect(currentUrl(router)).toBe('/app/initial-setup/pre-offer');
    expect(usePrequalStore.getState().adverseActionMessage).toBeFalsy();
  });

  it('reads a self-reported "no" from a server without outcomes as may-not-qualify, never a decline', async () => {
    usePrequalStore.getState().saveAnswers({ ...answers, propertyValue: 380_000, mortgageEstimate: 352_000 });
    const reason = 'Your home’s value and what you owe on it leave $0 to borrow, less than our smallest line of $25,000.';
    stub({
      eligibility: { decisionId: 'e', eligible: false, ineligiblePage: 'low-equity', reasons: [{ code: 'LOW_EQUITY', message: reason }] },
      offer: { ...terms, decisionId: 'o', eligible: false, maxLine: 0, minLine: 25_000, cltv: 0.93, apr: 0, originationFee: 0 },
      creditScore: 760,
    });
    const { router } = renderRoutes('/prequal/pre-offer', [{ path: '/prequal/pre-offer', element: <PreOfferPage /> }, ...routes()]);
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Check my credit with a soft pull' })).toHaveAttribute('href', '/prequal/credit-check');
    expect(currentUrl(router)).toBe('/prequal/pre-offer');
    expect(usePrequalStore.getState().adverseActionMessage).toBeFalsy();
  });
});
