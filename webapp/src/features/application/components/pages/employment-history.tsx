import { Alert, Skeleton, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, type MutableRefObject } from 'react';
import { get, useFormContext, useWatch } from 'react-hook-form';
import { useLocation } from 'react-router';

import { QueryError } from '@/components/ui/query-error';

import type { ApplicationView } from '../../api/get-application';
import {
  useEmploymentHistory,
  useTypedEmploymentHistory,
  type EmploymentDates,
  type EmploymentHistory,
  type Party,
} from '../../api/get-employment-history';
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
// employers covering the rules' window, and an answer for each gap the
// employment policy finds between them. The page asks the policy
// (application.employment) about the employments as they are typed, so
// that before the borrower goes on it shows each gap's question and, while
// the jobs do not reach back to the window's start, the policy's words
// asking for the previous employer; Continue is refused while the policy's
// latest answer for what is typed finds the history incomplete, and the
// save is refused by the server on the same policy. "Add an employer"
// starts the new entry at the policy's nextStartDate for what is typed.
// The page recomputes no rule: the window, the threshold and what is
// missing are the policy's answer.

export type EmploymentValues = { employments: EmploymentEntry[]; employmentGaps: GapAnswer[] };

type EmploymentSection = { employments: Employment[]; employmentGaps: GapAnswer[] };

/** Where the page says that a previous employer is missing (no field's message). */
export const COVERAGE = 'employmentsCoverage';

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

const isDate = (v: string) => /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(v);

/** The most employments a section holds (#EmploymentSection, #EmploymentHistoryInput). */
const MAX_EMPLOYMENTS = 30;

/**
 * The employments the policy can read yet, as it reads them: those with a
 * start and either "I work here now" (no end) or an end.
 */
export function datesOf(entries: readonly EmploymentEntry[]): EmploymentDates[] {
  return entries
    .flatMap((e): EmploymentDates[] => {
      if (!isDate(e.startDate)) return [];
      if (e.current) return [{ startDate: e.startDate, endDate: null }];
      return isDate(e.endDate) ? [{ startDate: e.startDate, endDate: e.endDate }] : [];
    })
    .slice(0, MAX_EMPLOYMENTS);
}

/** The policy's answer and the employments it answered for. */
export type Answer = { key: string; history: EmploymentHistory };

const keyOf = (dates: readonly EmploymentDates[]) => JSON.stringify(dates);

/**
 * The page's check before Continue, when the policy's latest answer is for
 * the employments as they are now (an answer still on its way leaves it to
 * the server's save): its words for a missing previous employer, and its
 * words at a job's own field (a start after this month) when it read every
 * employer, so that its places are the form's.
 */
export function coverageChecks(values: EmploymentValues, answer: Answer | null): Record<string, string> {
  const dates = datesOf(values.employments);
  if (!answer || answer.key !== keyOf(dates)) return {};
  const checks: Record<string, string> = {};
  if (dates.length === values.employments.length) {
    for (const m of answer.history.missing) if (m.field.startsWith('employments.')) checks[m.field] = m.message;
  }
  const missing = answer.history.missing.filter((m) => m.field === 'employments');
  if (missing.length > 0) checks[COVERAGE] = missing.map((m) => m.message).join(' ');
  return checks;
}

/** The policy asking for the previous employer, beside "Add an employer": a note, and after Continue the error. */
function CoverageNote({ history }: { history: EmploymentHistory }) {
  const { formState } = useFormContext();
  const error = (get(formState.errors, `section.${COVERAGE}`) as { message?: string } | undefined)?.message;
  const missing = history.missing.filter((m) => m.field === 'employments');
  if (missing.length === 0) return null;
  return (
    <Alert
      id={COVERAGE}
      color={error ? 'red' : 'blue'}
      variant="light"
      role={error ? 'alert' : undefined}
      title="Add your previous employer"
    >
      {missing.map((m) => m.message).join(' ')}
    </Alert>
  );
}

function EmploymentFields({
  view,
  party,
  saved,
  answered,
}: {
  view: ApplicationView;
  party: Party;
  saved: EmploymentHistory;
  answered: MutableRefObject<Answer | null>;
}) {
  const entries = (useWatch({ name: 'section.employments' }) as EmploymentEntry[] | undefined) ?? [];
  const key = keyOf(datesOf(entries));
  // Asked once typing pauses, not at every key.
  const [asked] = useDebouncedValue(key, 300);
  const typed = useTypedEmploymentHistory(party, JSON.parse(asked) as EmploymentDates[]);
  const answer = typed.data && !typed.isPlaceholderData ? typed.data : null;
  useEffect(() => {
    if (answer) answered.current = { key: asked, history: answer };
  }, [answer, asked, answered]);
  const history = typed.data ?? saved;
  return (
    <>
      <EmploymentListFields
        name="section.employments"
        onAdd={() => history.nextStartDate ?? ''}
        years={history.windowYears}
        beforeAdd={<CoverageNote history={history} />}
        disabled={view.readOnly}
      />
      <EmploymentGapFields name="section.employmentGaps" history={history} />
    </>
  );
}

export default function EmploymentHistoryPage() {
  const { pathname } = useLocation();
  const party = partyOf(pathname);
  // The policy's answer for the saved employments: where a first employer
  // starts, and the gaps the form holds answers for.
  const history = useEmploymentHistory(party);
  // The policy's latest answer for what is typed, read by Continue's check.
  const answered = useRef<Answer | null>(null);
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
      checks={(values) => coverageChecks(values, answered.current)}
      aria-label={party === 'coborrower' ? 'Your coborrower’s employment history' : 'Your employment history'}
    >
      {(_form, view) => <EmploymentFields view={view} party={party} saved={history.data} answered={answered} />}
    </SectionPage>
  );
}
