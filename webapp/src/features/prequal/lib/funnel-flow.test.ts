import type { FunnelSteps } from '@/api/types';

import { flowPosition, funnelKindOf, initialSetupFlow, prequalFlow } from './funnel-flow';

// The spec §2 order table, as the funnel policy returns it.
const order: Record<string, number> = {
  name: 0,
  email: 0,
  annualIncome: 0,
  propertyValue: 1,
  mortgageEstimate: 2,
  hasFbm: 3,
  isSelfEmployed: 4,
  creditRange: 5,
  zip: 6,
  propertyUsage: 7,
  selfReportedInformationOffer: 7.5,
  creditScore: 8,
  coborrower: 8.5,
  mortgageBalance: 9,
  previewOffer: 11,
  application: 12,
};

const funnel: FunnelSteps = {
  order,
  sections: { application: 'Personal Info' },
  prequalSteps: [
    { step: 'prequalAddress', slug: 'address', label: 'Property Address' },
    { step: 'prequalListedForSale', slug: 'listed-for-sale', label: 'Listed For Sale' },
    { step: 'prequalNewMortgage', slug: 'subject-to-mortgage', label: 'New Mortgage' },
  ],
  landingPages: { default: [], withoutPropertyUsage: [] },
  revision: 'test',
};

describe('initial-setup flow', () => {
  it('orders the pages by the policy order numbers', () => {
    expect(initialSetupFlow(funnel).map((s) => s.slug)).toEqual([
      'credit-income',
      'property-value',
      'mortgage-estimate',
      'has-fbm',
      'is-self-employed',
      'credit-range',
      'zip',
      'property-usage',
      'credit-score',
      'coborrower',
      'mortgage-balance',
      'preview-offer',
    ]);
  });

  it('follows the server when it reorders or drops a step', () => {
    const { coborrower: _dropped, ...rest } = order;
    const flow = initialSetupFlow({ ...funnel, order: { ...rest, zip: 0.5 } });
    const slugs = flow.map((s) => s.slug);
    expect(slugs).not.toContain('coborrower');
    expect(slugs.slice(0, 3)).toEqual(['credit-income', 'zip', 'property-value']);
  });

  it('gives the position, previous and next page of a path', () => {
    const pos = flowPosition(funnel, 'initialSetup', '/app/initial-setup/property-value');
    expect(pos.index).toBe(1);
    expect(pos.steps).toHaveLength(12);
    expect(pos.previous?.path).toBe('/app/initial-setup/credit-income');
    expect(pos.next?.path).toBe('/app/initial-setup/mortgage-estimate');
    expect(pos.next?.label).toBe('Mortgage estimate');
  });

  it('has no next page after the last step', () => {
    const pos = flowPosition(funnel, 'initialSetup', '/app/initial-setup/preview-offer');
    expect(pos.index).toBe(11);
    expect(pos.next).toBeUndefined();
  });
});

describe('prequal flow', () => {
  it('keeps the order and labels the policy lists', () => {
    expect(prequalFlow(funnel)).toEqual([
      { slug: 'address', path: '/prequal/address', label: 'Property Address' },
      { slug: 'listed-for-sale', path: '/prequal/listed-for-sale', label: 'Listed For Sale' },
      { slug: 'subject-to-mortgage', path: '/prequal/subject-to-mortgage', label: 'New Mortgage' },
    ]);
  });

  it('marks a page the policy did not return as outside the flow', () => {
    expect(flowPosition(funnel, 'prequal', '/prequal/debts').index).toBe(-1);
  });
});

it('tells which funnel a path belongs to', () => {
  expect(funnelKindOf('/app/initial-setup/zip')).toBe('initialSetup');
  expect(funnelKindOf('/prequal/address')).toBe('prequal');
  expect(funnelKindOf('/app/application/1')).toBeUndefined();
});
