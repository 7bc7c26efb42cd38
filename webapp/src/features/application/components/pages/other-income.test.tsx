import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';

import { loadValidators } from '@/lib/schema-resolver';
import { currentUrl, ok, renderRoutes, sandboxSystemInfo, stubTRPC } from '@/testing/test-utils';

import type { ApplicationView } from '../../api/get-application';
import BusinessInformationPage from './business-information';
import { otherIncomeLabels } from './other-income-fields';
import OtherIncomePage from './other-income';

const next = '/app/application/next';

function person(over: Record<string, unknown> = {}) {
  return { employments: [], employmentGaps: [], incomeSources: [], formerAddresses: [], mailingAddress: null, ...over };
}

function view(user: Record<string, unknown> = {}, coborrower: Record<string, unknown> | null = null): ApplicationView {
  return {
    application: { user: person(user), coborrower: coborrower && person(coborrower), uploads: [], property: {}, mortgages: [], liabilities: [], propertyOwnerships: [], isInTrust: false } as unknown as ApplicationView['application'],
    applicationStatus: 'application5',
    readOnly: false,
    hasCoborrower: coborrower !== null,
  };
}

function setup(path: string, element: ReactElement, application: ApplicationView) {
  const saves: unknown[] = [];
  stubTRPC({
    'system.info': () => ok(sandboxSystemInfo),
    'funnel.pages': () => ok({ area: 'application', pages: [], progress: null, previous: null, next: { path: next, label: 'Next', area: 'application', step: 'x', section: null, order: null } }),
    'application.get': () => ok(application),
    'application.draft': () => ok({ draft: null, savedAt: null }),
    'application.saveDraft': () => ok({ savedAt: '2026-11-25T10:00:00Z' }),
    'application.save': (input) => {
      saves.push(input);
      return ok(application);
    },
  });
  const rendered = renderRoutes(path, [
    { path, element },
    { path: next, element: <h1>Next</h1> },
  ]);
  return { ...rendered, saves, user: userEvent.setup() };
}

beforeAll(async () => {
  await loadValidators();
});

describe('other income', () => {
  it('offers every label of spec §3, and saves each row with its kind, type and monthly amount', async () => {
    const { user, saves, router } = setup('/app/application/other-income', <OtherIncomePage />, view());
    await user.click(await screen.findByRole('button', { name: 'Add an income' }));
    const row = screen.getByRole('group', { name: 'Income 1' });
    const kind = within(row).getByRole('combobox', { name: 'Kind of income' });
    // The spec's 28 labels, after "Choose one".
    expect(within(kind).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose one', ...otherIncomeLabels]);
    expect(otherIncomeLabels).toHaveLength(28);

    // Empty, the row is refused beside its fields.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await within(row).findByText('Choose the kind of income.')).toBeVisible();
    expect(within(row).getByText('Enter the monthly amount.')).toBeVisible();

    await user.selectOptions(kind, 'Social Security');
    await user.type(within(row).getByRole('textbox', { name: 'Monthly amount' }), '1450');
    await user.click(screen.getByRole('button', { name: 'Add an income' }));
    const second = screen.getByRole('group', { name: 'Income 2' });
    await user.click(within(second).getByRole('button', { name: 'Remove Income 2' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(next));
    expect(saves).toEqual([
      { path: '/app/application/other-income', section: { incomeSources: [{ label: 'Social Security', type: 'socialSecurity', otherValue: 1450 }] } },
    ]);
  });

  it('none is an answer: Continue with no rows saves an empty list; the coborrower’s page reads theirs', async () => {
    const saved = { type: 'alimony', label: 'Alimony', otherValue: 800 };
    const { user, saves, router } = setup('/app/application/other-income/coborrower', <OtherIncomePage />, view({ incomeSources: [] }, { incomeSources: [saved] }));
    const row = await screen.findByRole('group', { name: 'Income 1: Alimony' });
    await user.click(within(row).getByRole('button', { name: 'Remove Income 1: Alimony' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(next));
    expect(saves).toEqual([{ path: '/app/application/other-income/coborrower', section: { incomeSources: [] } }]);
  });
});

describe('business information', () => {
  it('starts from the self-employment of page 4 and saves the business with its years', async () => {
    const job = {
      employerName: 'Marino Design',
      employerPhone: '7205550199',
      position: 'Owner',
      startDate: '2019-06-01',
      endDate: null,
      selfEmployedIndicator: true,
      ownershipInterestType: 'GreaterThanOrEqualTo25Percent',
      businessStructure: 'llc',
      dataSource: 'Manual',
    };
    const { user, saves, router } = setup('/app/application/business-information', <BusinessInformationPage />, view({ employments: [job] }));
    expect(await screen.findByRole('textbox', { name: 'Business name' })).toHaveValue('Marino Design');
    expect(screen.getByRole('radio', { name: 'Limited liability company (LLC)' })).toBeChecked();
    expect(screen.getByRole('radiogroup', { name: 'Your share of the business' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter the street address.')).toBeVisible();
    expect(screen.getByText('Enter how many years the business has operated, or 0.')).toBeVisible();
    expect(saves).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Business street address' }), '1600 Market St');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Denver');
    await user.type(screen.getByRole('textbox', { name: /State/ }), 'co');
    await user.type(screen.getByRole('textbox', { name: 'ZIP code' }), '80202');
    await user.type(screen.getByRole('textbox', { name: /Years in business/ }), '7');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(next));
    expect(saves).toEqual([
      {
        path: '/app/application/business-information',
        section: {
          business: {
            name: 'Marino Design',
            address: { line1: '1600 Market St', line2: null, city: 'Denver', state: 'CO', zip: '80202', county: null },
            phone: '7205550199',
            structure: 'llc',
            ownershipShare: 'GreaterThanOrEqualTo25Percent',
            yearsInBusiness: 7,
          },
        },
      },
    ]);
  });
});
