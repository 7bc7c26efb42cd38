import { useLocation } from 'react-router';

import type { ApplicationView } from '../../api/get-application';
import { SectionPage } from '../section-page';
import { OtherIncomeFields, requiredOfIncomes, toIncomeEntry, toIncomeSource, type IncomeEntry, type IncomeSource } from './other-income-fields';

// other-income and other-income/coborrower (screens.md): the person's
// income besides their jobs, each by the spec's label with its monthly
// amount. None is an answer too: Continue with no rows saves an empty list.

export type OtherIncomeValues = { incomeSources: IncomeEntry[] };

type Party = 'borrower' | 'coborrower';

const partyOf = (pathname: string): Party => (pathname.endsWith('/coborrower') ? 'coborrower' : 'borrower');

export function fromApplication(view: ApplicationView, party: Party): OtherIncomeValues {
  const person = party === 'coborrower' ? view.application.coborrower : view.application.user;
  return { incomeSources: (person?.incomeSources ?? []).map(toIncomeEntry) };
}

export function toSection(values: OtherIncomeValues): { incomeSources: IncomeSource[] } {
  return { incomeSources: values.incomeSources.map(toIncomeSource) };
}

export default function OtherIncomePage() {
  const { pathname } = useLocation();
  const party = partyOf(pathname);
  return (
    <SectionPage<OtherIncomeValues>
      definition="OtherIncomeSection"
      fromApplication={(view) => fromApplication(view, party)}
      toSection={toSection}
      required={(values) => requiredOfIncomes('incomeSources', values.incomeSources.length)}
      aria-label={party === 'coborrower' ? 'Your coborrower’s other income' : 'Your other income'}
    >
      {(_form, view) => <OtherIncomeFields name="section.incomeSources" disabled={view.readOnly} />}
    </SectionPage>
  );
}
