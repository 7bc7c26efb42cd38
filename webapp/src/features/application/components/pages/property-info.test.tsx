import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { loadValidators } from '@/lib/schema-resolver';
import { aNotice, currentUrl, ok, renderRoutes, stubTRPC, trpcError } from '@/testing/test-utils';

import PropertyInfoPage from './property-info';
import { pageBasics } from './test-views';

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
      ...pageBasics(),
      'application.get': () => ok(view),
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

  it('says plainly, on the page, that the rules do not lend on the home as stated, with the notice stored', { timeout: 30_000 }, async () => {
    // The server's refusal (application.save: the property rule's words at "decision") and the notice it stored.
    const reason = 'We do not offer home equity lines of credit on this type of property.';
    const notice = aNotice({
      reasons: ['Value or type of collateral not sufficient: we do not lend on manufactured homes'],
      reasonCodes: ['PROPERTY_TYPE_NOT_ELIGIBLE'],
    });
    const saves: unknown[] = [];
    stubTRPC({
      ...pageBasics(),
      'application.get': () => ok(view),
      'application.save': (input) => {
        saves.push(input);
        return trpcError('BAD_REQUEST', 400, reason, [{ path: 'decision', message: reason }]);
      },
      'prequal.adverseAction': () => ok(notice),
      'funnel.pages': () => ok(pages),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes('/app/application/2', [{ path: '/app/application/2', element: <PropertyInfoPage /> }]);
    await user.click(await screen.findByRole('checkbox', { name: 'Same as my current address' }));
    await user.click(screen.getByRole('radio', { name: 'Manufactured home' }));
    await user.click(screen.getByRole('radio', { name: '1 (Single Family, Condo)' }));
    await user.click(screen.getByRole('radio', { name: 'Sole ownership' }));
    await user.click(within(screen.getByRole('radiogroup', { name: 'Is the property held in a trust?' })).getByRole('radio', { name: 'No' }));
    await user.type(screen.getByLabelText('HOA dues per month'), '0');
    await user.type(screen.getByLabelText('Property taxes per month'), '300');
    await user.type(screen.getByLabelText('Homeowners insurance per month'), '90');
    await user.click(within(screen.getByRole('radiogroup', { name: /property taxes included/ })).getByRole('radio', { name: 'Yes' }));
    await user.click(within(screen.getByRole('radiogroup', { name: /insurance included/ })).getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const declined = await screen.findByRole('alert', { name: 'We can’t open this line' });
    expect(within(declined).getByRole('listitem')).toHaveTextContent(reason);
    expect(within(declined).getByText(/nothing on this page was saved/)).toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: 'We couldn’t save this page' })).not.toBeInTheDocument();
    const article = await screen.findByRole('article', { name: 'Notice of action taken' });
    expect(within(article).getByText(/we do not lend on manufactured homes/)).toBeInTheDocument();
    expect(saves).toHaveLength(1);
    expect(currentUrl(router)).toBe('/app/application/2');
    // The answer stays, to change if it was a mistake.
    expect(screen.getByRole('radio', { name: 'Manufactured home' })).toBeChecked();
  });
});
