import { screen } from '@testing-library/react';

import { ok, renderAt, stubTRPC } from '@/testing/test-utils';

import { FunnelProgress } from './funnel-progress';
import { FunnelStepPage } from './funnel-step-page';

const funnel = {
  order: { annualIncome: 0, propertyValue: 1, mortgageEstimate: 2, zip: 6, previewOffer: 11 },
  sections: {},
  prequalSteps: [
    { step: 'prequalAddress', slug: 'address', label: 'Property Address' },
    { step: 'prequalOffer', slug: 'preview-offer', label: 'Preview Offer' },
  ],
  landingPages: { default: [], withoutPropertyUsage: [] },
  revision: 'test',
};

function page() {
  return (
    <>
      <FunnelProgress />
      <FunnelStepPage />
    </>
  );
}

describe('funnel step page', () => {
  beforeEach(() => stubTRPC({ 'funnel.steps': () => ok(funnel) }));

  it('shows the question, the progress and the neighbours from the policy order', async () => {
    renderAt('/app/initial-setup/property-value', page());
    expect(screen.getByRole('heading', { level: 1, name: 'What is your home worth?' })).toBeInTheDocument();
    expect(await screen.findByText('Step 2 of 5')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Step 2 of 5' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/app/initial-setup/mortgage-estimate');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/app/initial-setup/credit-income');
  });

  it('goes on to the application after the last step', async () => {
    renderAt('/app/initial-setup/preview-offer', page());
    expect(await screen.findByText('Step 5 of 5')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to the application' })).toHaveAttribute('href', '/app/application/1');
  });

  it('follows the /prequal order the policy lists', async () => {
    renderAt('/prequal/address', page());
    expect(await screen.findByText('Step 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/prequal/preview-offer');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
  });
});
