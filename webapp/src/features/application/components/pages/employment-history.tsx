import { Skeleton, Stack } from '@mantine/core';
import { useLocation } from 'react-router';

import { QueryError } from '@/components/ui/query-error';

import type { ApplicationView } from '../../api/get-application';
import { useEmploymentHistory, type EmploymentHistory, type Party } from '../../api/get-employment-history';
import { SectionPage } from '../section-page';
import {
  EmploymentListFields,
  newEmploymentEntry,
  requiredOfEmployments,
  toEmployment,
  toEmploymentEntry,
  type Employment,
  type EmploymentEntry,
} from './employment-history-fields';
import { EmploymentGapFields, gapAnswers, requiredOfGaps, type GapAnswer } from './employment-history-gaps';

// Pages 4 and 4/coborrower, Employment History (screens.md): the person's
// employers covering the last 24 months, and an answer for each gap the
// employment policy finds between them. The policy reads the saved
// employments (application.employment): "Add an employer" starts the new
// entry at its nextStartDate for what is saved, and the gaps shown are
// those of the saved employments (a gap made by entries not yet saved is
// asked about once they are, when the page is shown again).

export type EmploymentValues = { employments: EmploymentEntry[]; employmentGaps: GapAnswer[] };

type EmploymentSection = { employments: Employment[]; employmentGaps: GapAnswer[] };

const partyOf = (pathname: string): Party => (pathname.endsWith('/coborrower') ? 'coborrower' : 'borrower');

function personOf(view: ApplicationView, party: Party) {
  return party === 'coborrower' ? view.application.coborrower : view.application.user;
}

export function fromApplication(view: ApplicationView, party: Party, history: EmploymentHistory): EmploymentValues {
  const person = personOf(view, party);
  const saved = person?.employments ?? [];
  return {
    // A first visit starts with one employer, where the policy says a new one starts.
    employments: saved.length > 0 ? saved.map(toEmploymentEntry) : [newEmploymentEntry(history.nextStartDate)],
    employmentGaps: gapAnswers(history.gaps, person?.employmentGaps ?? []),
  };
}

export function toSection(values: EmploymentValues): EmploymentSection {
  return {
    employments: values.employments.map(toEmployment),
    employmentGaps: values.employmentGaps.map((g) => ({ from: g.from, to: g.to, explanation: g.explanation.trim() })),
  };
}

/** What the page needs before Continue, by path in the section, from the form's values. */
export function requiredOf(values: EmploymentValues): Record<string, string> {
  return { ...requiredOfEmployments('employments', values.employments), ...requiredOfGaps('employmentGaps', values.employmentGaps) };
}

function EmploymentFields({ view, party }: { view: ApplicationView; party: Party }) {
  const history = useEmploymentHistory(party);
  return (
    <>
      <EmploymentListFields name="section.employments" onAdd={() => history.data?.nextStartDate ?? ''} disabled={view.readOnly} />
      {history.data ? <EmploymentGapFields name="section.employmentGaps" history={history.data} /> : null}
    </>
  );
}

export default function EmploymentHistoryPage() {
  const { pathname } = useLocation();
  const party = partyOf(pathname);
  // The policy's answer for the saved employments: where a first employer
  // starts, and the gaps the form holds answers for.
  const history = useEmploymentHistory(party);
  if (history.isPending) {
    return (
      <Stack gap="md" mt="md">
        <Skeleton h={42} aria-hidden="true" />
        <Skeleton h={42} aria-hidden="true" />
      </Stack>
    );
  }
  if (history.isError) {
    return <QueryError title="We couldn’t load your employment history" error={history.error} onRetry={() => void history.refetch()} />;
  }
  return (
    <SectionPage<EmploymentValues>
      definition="EmploymentSection"
      fromApplication={(view) => fromApplication(view, party, history.data)}
      toSection={(values) => toSection(values)}
      required={requiredOf}
      aria-label={party === 'coborrower' ? 'Your coborrower’s employment history' : 'Your employment history'}
    >
      {(_form, view) => <EmploymentFields view={view} party={party} />}
    </SectionPage>
  );
}
