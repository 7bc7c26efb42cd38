import type { FunnelSteps } from '@/api/types';

import { applicationPages, applicationPosition, applicationSections } from './application-flow';

// Spec §2: order numbers and section labels as the funnel policy returns them.
const funnel: FunnelSteps = {
  order: {
    previewOffer: 11,
    application: 12,
    application3: 14,
    application4: 15,
    application5: 16,
    manualIncomeVerification: 17,
    debtConsolidation: 18,
    application7: 20,
    application8: 21,
    disclosures: 22,
    application6: 22.5,
    identityVerification: 23,
    incomeDocs: 24,
    loanDisbursement: 25,
    applicationSubmitted: 26,
  },
  sections: {
    application: 'Personal Info',
    application3: 'Property Info',
    application4: 'Additional Real Estate',
    application5: 'Employment History',
    manualIncomeVerification: 'Other Income Sources',
    application6: 'Income Verification',
    debtConsolidation: 'Debt Consolidation',
    application7: 'Demographics',
    application8: 'Declarations',
    disclosures: 'E-sign HECA',
    incomeDocs: 'Income Docs',
    applicationSubmitted: 'Submitted',
  },
  prequalSteps: [],
  landingPages: { default: [], withoutPropertyUsage: [] },
  revision: 'test',
};

describe('application flow', () => {
  it('lists the labelled sections by order number', () => {
    expect(applicationSections(funnel).map((s) => s.label)).toEqual([
      'Personal Info',
      'Property Info',
      'Additional Real Estate',
      'Employment History',
      'Other Income Sources',
      'Debt Consolidation',
      'Demographics',
      'Declarations',
      'E-sign HECA',
      'Income Verification',
      'Income Docs',
      'Submitted',
    ]);
  });

  it('starts each section on its first page', () => {
    const employment = applicationSections(funnel).find((s) => s.step === 'application5');
    expect(employment?.path).toBe('/app/application/4');
  });

  it('leaves out pages of steps the policy does not label', () => {
    const slugs = applicationPages(funnel).map((p) => p.slug);
    expect(slugs).not.toContain('identity-verification');
    expect(slugs).not.toContain('loan-disbursement');
    expect(slugs.slice(0, 6)).toEqual(['1', '2', '3', '4', '4/coborrower', 'other-income']);
  });

  it('gives the section, previous and next page of a path', () => {
    const pos = applicationPosition(funnel, '/app/application/4/coborrower');
    expect(pos.sections[pos.sectionIndex]?.label).toBe('Employment History');
    expect(pos.previous?.path).toBe('/app/application/4');
    expect(pos.next?.path).toBe('/app/application/other-income');
    expect(pos.isFirst).toBe(false);
    expect(applicationPosition(funnel, '/app/application/1').isFirst).toBe(true);
  });

  it('puts the summary and FAQs outside the sections', () => {
    const pos = applicationPosition(funnel, '/app/application/application-summary');
    expect(pos.sectionIndex).toBe(-1);
    expect(pos.next).toBeUndefined();
  });
});
