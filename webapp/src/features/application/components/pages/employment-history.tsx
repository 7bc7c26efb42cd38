import { Alert, Skeleton, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Path } from 'react-hook-form';
import { useLocation } from 'react-router';

import { isTRPCClientError } from '@/api/trpc-client';
import { QueryError } from '@/components/ui/query-error';

import type { ApplicationView } from '../../api/get-application';
import { getEmploymentHistoryQueryOptions, useEmploymentHistory, type EmploymentHistory, type Party } from '../../api/get-employment-history';
import { useSaveApplicationMutation } from '../../api/save-application';
import { SectionPage, saveErrorMessage, type SectionForm } from '../section-page';
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
// employments (application.employment), so "Add an employer" saves what
// is on the page first: the new entry then starts at the policy's
// nextStartDate and the gaps shown are those of what was entered.

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

/**
 * "Add an employer": saves the page as it is (the form's own checks first,
 * with their messages beside the fields), asks the policy again, and gives
 * the new entry's start (nextStartDate); null when the page could not be
 * saved, and nothing is added.
 */
function useAddEmployer(form: SectionForm<EmploymentValues>, party: Party) {
  const queryClient = useQueryClient();
  const save = useSaveApplicationMutation();
  const [error, setError] = useState<string | null>(null);
  const add = async (): Promise<string | null> => {
    setError(null);
    let saved = false;
    await form.handleSubmit(async (input) => {
      try {
        await save.mutateAsync(input as unknown as { path: string; section: object });
        saved = true;
      } catch (err) {
        const fields = isTRPCClientError(err) ? err.fields : [];
        fields.forEach((f, i) => form.setError(f.path as Path<{ section: EmploymentValues }>, { type: 'server', message: f.message }, { shouldFocus: i === 0 }));
        if (fields.length === 0) setError(saveErrorMessage(err));
      }
    })();
    if (!saved) return null;
    const history = await queryClient.fetchQuery({ ...getEmploymentHistoryQueryOptions(party), staleTime: 0 });
    return history.nextStartDate ?? '';
  };
  return { add, adding: save.isPending, error };
}

function EmploymentFields({
  form,
  view,
  party,
}: {
  form: SectionForm<EmploymentValues>;
  view: ApplicationView;
  party: Party;
}) {
  const history = useEmploymentHistory(party);
  const { add, adding, error } = useAddEmployer(form, party);
  return (
    <>
      <EmploymentListFields name="section.employments" onAdd={add} adding={adding} disabled={view.readOnly} />
      {error ? (
        <Alert color="red" variant="light" role="alert" title="We couldn’t add an employer">
          {error}
        </Alert>
      ) : null}
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
      {(form, view) => <EmploymentFields form={form} view={view} party={party} />}
    </SectionPage>
  );
}
