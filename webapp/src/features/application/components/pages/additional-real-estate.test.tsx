import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { loadValidators } from '@/lib/schema-resolver';
import { currentUrl, ok, renderRoutes, stubTRPC } from '@/testing/test-utils';

import AdditionalRealEstatePage from './additional-real-estate';
import { anApplicationView, pageBasics } from './test-views';

const view = anApplicationView({ applicationStatus: 'application3' });

const pages = {
  area: 'application',
  progress: null,
  pages: [],
  previous: null,
  next: { path: '/app/application/4', label: 'Employment history', section: 'Employment history', area: 'application', step: 'application5', order: null },
};

describe('additional real estate page', () => {
  beforeAll(() => loadValidators(), 30_000);

  it('asks for a property after Yes, and saves an empty list for No', { timeout: 20_000 }, async () => {
    const saved: unknown[] = [];
    stubTRPC({
      ...pageBasics(),
      'application.get': () => ok(view),
      'application.save': (input) => {
        saved.push(input);
        return ok(view);
      },
      'funnel.pages': () => ok(pages),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes('/app/application/3', [
      { path: '/app/application/3', element: <AdditionalRealEstatePage /> },
      { path: '/app/application/4', element: <p>Employment</p> },
    ]);
    const question = await screen.findByRole('radiogroup', { name: 'Do you own any other real estate besides this property?' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose yes or no.')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Add the properties you own, or answer No.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a property' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter the street address of property 1.')).toBeInTheDocument();
    expect(screen.getByText('Enter what the property is worth.')).toBeInTheDocument();
    expect(saved).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(question).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/app/application/4'));
    expect(saved).toEqual([{ path: '/app/application/3', section: { propertyOwnerships: [] } }]);
  });
});
