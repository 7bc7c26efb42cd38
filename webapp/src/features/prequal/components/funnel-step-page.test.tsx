import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { FunnelPage, FunnelPages } from '@/api/get-funnel-pages';
import { ok, renderAt, stubTRPC, trpcError } from '@/testing/test-utils';

import { usePrequalStore } from '../stores/prequal-store';
import { FunnelProgress } from './funnel-progress';
import { FunnelStepPage } from './funnel-step-page';

// Answers as funnel.pages gives them; the page renders whatever the policy
// says, so these are made up for each case rather than the real table.
function page(path: string, label: string, area = 'initialSetup'): FunnelPage {
  return { path, label, area, step: label.toLowerCase(), section: null, order: null };
}

const credit = page('/app/initial-setup/credit-income', 'Income and debts');
const value = page('/app/initial-setup/property-value', 'Home value');
const estimate = page('/app/initial-setup/mortgage-estimate', 'Mortgage estimate');
const offer = page('/app/initial-setup/preview-offer', 'Preview offer');
const personal = page('/app/application/1', 'Personal info', 'application');

function answer(current: FunnelPage, flow: FunnelPage[], previous: FunnelPage | null, next: FunnelPage | null): FunnelPages {
  const at = flow.indexOf(current);
  return {
    area: current.area,
    pages: flow.map((p, i) => ({ ...p, state: i < at ? 'done' : i === at ? 'current' : 'upcoming', open: i <= at })),
    previous,
    next,
    progress: at >= 0 ? { step: at + 1, of: flow.length } : null,
  };
}

function view() {
  return (
    <>
      <FunnelProgress />
      <FunnelStepPage />
    </>
  );
}

describe('funnel step page', () => {
  beforeEach(() => usePrequalStore.getState().reset());

  it('shows the question, the progress and the neighbours the policy returns', async () => {
    stubTRPC({ 'funnel.pages': () => ok(answer(value, [credit, value, estimate, offer], credit, estimate)) });
    renderAt('/app/initial-setup/property-value', view());
    expect(screen.getByRole('heading', { level: 1, name: 'What is your home worth?' })).toBeInTheDocument();
    expect(await screen.findByText('Step 2 of 4')).toBeInTheDocument();
    expect(screen.getByText('Home value')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Step 2 of 4' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/app/initial-setup/mortgage-estimate');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/app/initial-setup/credit-income');
  });

  it('names the page Continue leads to when it leaves the funnel', async () => {
    stubTRPC({ 'funnel.pages': () => ok(answer(offer, [credit, value, estimate, offer], estimate, personal)) });
    renderAt('/app/initial-setup/preview-offer', view());
    expect(await screen.findByText('Step 4 of 4')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to Personal info' })).toHaveAttribute('href', '/app/application/1');
  });

  it('has no Back on the first page of a flow', async () => {
    const address = page('/prequal/address', 'Property Address', 'prequal');
    const sale = page('/prequal/listed-for-sale', 'Listed For Sale', 'prequal');
    stubTRPC({ 'funnel.pages': () => ok(answer(address, [address, sale], null, sale)) });
    renderAt('/prequal/address', view());
    expect(await screen.findByText('Step 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/prequal/listed-for-sale');
    expect(screen.queryByRole('link', { name: /Back/ })).not.toBeInTheDocument();
  });

  it('sends the path and the answers kept in the prequal store', async () => {
    usePrequalStore.getState().saveAnswers({ isSelfEmployed: true });
    const inputs: unknown[] = [];
    stubTRPC({
      'funnel.pages': (input) => {
        inputs.push(input);
        return ok(answer(value, [credit, value], credit, null));
      },
    });
    renderAt('/app/initial-setup/property-value', view());
    expect(await screen.findByText('Step 2 of 2')).toBeInTheDocument();
    expect(inputs[0]).toEqual({ path: '/app/initial-setup/property-value', answers: { isSelfEmployed: true } });
  });

  it('shows a loading state, then says when the pages could not be loaded, with a retry', async () => {
    let fail = true;
    stubTRPC({
      'funnel.pages': () => (fail ? trpcError('INTERNAL_SERVER_ERROR', 500) : ok(answer(value, [credit, value], credit, null))),
    });
    renderAt('/app/initial-setup/property-value', view());
    expect(screen.getByText('Loading your progress')).toBeInTheDocument();
    expect(screen.getByText('Loading the way on')).toBeInTheDocument();
    expect(await screen.findByText('We couldn’t load your progress')).toBeInTheDocument();
    expect(screen.getByText('We couldn’t load the next step')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    expect(await screen.findByText('Step 2 of 2')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Back' })).toHaveAttribute('href', '/app/initial-setup/credit-income');
  });
});
