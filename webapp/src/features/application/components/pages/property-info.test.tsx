import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { loadValidators } from '@/lib/schema-resolver';
import { ok, renderRoutes, sandboxSystemInfo, stubTRPC } from '@/testing/test-utils';

import PropertyInfoPage from './property-info';

// Page 2 starts from what the borrower told us (issue 22: each fact asked
// once): the ZIP code and state asked before the soft pull, the home's use,
// and "Same as my current address" copies page 1's address.

const current = { line1: '12 Harbor Way', line2: null, city: 'Oakland', state: 'CA', zip: '94607', county: null };

const view = {
  application: {
    user: { firstName: 'Ada', lastName: 'Park', currentAddress: current, employments: [], incomeSources: [], formerAddresses: [], employmentGaps: [], mailingAddress: null },
    coborrower: null,
    uploads: [],
    property: { state: 'CA', zip: '94610', usage: 'primaryResidence' },
    mortgages: [],
    liabilities: [],
    propertyOwnerships: [],
    isInTrust: false,
  },
  applicationStatus: 'application3',
  readOnly: false,
  hasCoborrower: false,
};

const pages = { area: 'application', progress: null, pages: [], previous: null, next: null };

describe('property info page', () => {
  beforeAll(() => loadValidators(), 30_000);

  it('starts from the ZIP code, state and use given before, and copies the current address when it is the same', { timeout: 20_000 }, async () => {
    stubTRPC({
      'system.info': () => ok(sandboxSystemInfo),
      'application.get': () => ok(view),
      'application.draft': () => ok({ draft: null, savedAt: null }),
      'application.saveDraft': () => ok({ savedAt: '2026-11-25T10:00:00Z' }),
      'funnel.pages': () => ok(pages),
    });
    const user = userEvent.setup();
    renderRoutes('/app/application/2', [{ path: '/app/application/2', element: <PropertyInfoPage /> }]);
    const zip = await screen.findByLabelText('Property address: ZIP code');
    expect(zip).toHaveValue('94610');
    expect(screen.getByLabelText('Property address: state')).toHaveValue('CA');
    expect(screen.getByLabelText('Property address: street address')).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Primary Home' })).toBeChecked();

    const same = screen.getByRole('checkbox', { name: 'Same as my current address' });
    expect(same).not.toBeChecked();
    await user.click(same);
    expect(same).toBeChecked();
    expect(screen.getByLabelText('Property address: street address')).toHaveValue('12 Harbor Way');
    expect(screen.getByLabelText('Property address: city')).toHaveValue('Oakland');
    expect(zip).toHaveValue('94607');
    // Unticked: back to what was known before.
    await user.click(same);
    expect(screen.getByLabelText('Property address: street address')).toHaveValue('');
    expect(zip).toHaveValue('94610');
  });
});
