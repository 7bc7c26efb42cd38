import { screen, within } from '@testing-library/react';

import { ok, renderAt, sandboxSystemInfo, stubTRPC } from '@/testing/test-utils';

import LicenseRoute from './license';

const licensing = {
  company: 'Keystone Home Equity, LLC',
  nmlsId: '2087431',
  address: '450 Mission Street, Suite 1200, San Francisco, CA 94105',
  states: [
    { code: 'CA', name: 'California', licensed: true, licenseNumber: '60DBO-123456', opensOn: null },
    { code: 'AZ', name: 'Arizona', licensed: true, licenseNumber: null, opensOn: null },
    { code: 'NY', name: 'New York', licensed: false, licenseNumber: null, opensOn: '2027-03-01' },
    { code: 'HI', name: 'Hawaii', licensed: false, licenseNumber: null, opensOn: null },
  ],
};

describe('/license', () => {
  it('names the company, its NMLS ID, the licensed states with their numbers and the states opening soon', async () => {
    stubTRPC({ 'system.info': () => ok(sandboxSystemInfo), 'licensing.states': () => ok(licensing) });
    renderAt('/license', <LicenseRoute />);
    expect(await screen.findByText('Keystone Home Equity, LLC, NMLS ID 2087431')).toBeInTheDocument();
    expect(screen.getByText('450 Mission Street, Suite 1200, San Francisco, CA 94105')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'States where we are licensed, with each licence number' });
    expect(within(table).getByRole('row', { name: 'California 60DBO-123456' })).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'Arizona' })).toBeInTheDocument();
    expect(within(table).queryByText('New York')).not.toBeInTheDocument();
    const opening = screen.getByRole('region', { name: 'Opening soon' });
    expect(opening).toHaveTextContent('New York: from March 1, 2027');
    expect(opening).not.toHaveTextContent('Hawaii');
  });
});
