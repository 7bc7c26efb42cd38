import type { ApplicationView } from '../../api/get-application';
import { SectionPage } from '../section-page';
import { BusinessFields, requiredOfBusiness, toBusiness, toBusinessEntry, type BusinessEntry } from './business-information-fields';

// business-information (screens.md): the self-employed borrower's business.
// The funnel shows this page only to a self-employed borrower; it starts
// from the self-employment entered on page 4 when nothing is saved yet.

export type BusinessValues = { business: BusinessEntry };

export function fromApplication(view: ApplicationView): BusinessValues {
  const user = view.application.user;
  return { business: toBusinessEntry(user.business, user.employments) };
}

export function toSection(values: BusinessValues) {
  return { business: toBusiness(values.business) };
}

export default function BusinessInformationPage() {
  return (
    <SectionPage<BusinessValues>
      definition="BusinessInformationSection"
      fromApplication={fromApplication}
      toSection={toSection}
      required={requiredOfBusiness('business')}
      aria-label="Your business"
    >
      {() => <BusinessFields name="section.business" />}
    </SectionPage>
  );
}
