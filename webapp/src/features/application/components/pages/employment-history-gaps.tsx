import { Alert, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';

import { useField } from '@/components/form/text-field';
import { formatDate } from '@/lib/format';

import type { EmploymentHistory } from '../../api/get-employment-history';
import { monthName } from './employment-history-month';

// The gaps the employment policy finds between the employments
// (data.heloc.employment.history: more than its table's gapThresholdDays
// within its windowYears), each with its question. The answers live in the form at
// `name` (section.employmentGaps), one per gap shown, named by the gap's
// dates as #EmploymentGapAnswer has them.

export type GapAnswer = { from: string; to: string; explanation: string };

/** The answers for `gaps`: what is typed for the same dates, else what was saved. */
export function gapAnswers(gaps: EmploymentHistory['gaps'], typed: readonly GapAnswer[]): GapAnswer[] {
  return gaps.map((g) => {
    const same = typed.find((a) => a.from === g.from && a.to === g.to);
    return { from: g.from, to: g.to, explanation: same?.explanation ?? g.explanation ?? '' };
  });
}

/** The question asked about a gap. */
export function gapQuestion(gap: { from: string; to: string }): string {
  return `What were you doing between ${monthName(gap.from)} and ${monthName(gap.to)}?`;
}

/** Each answer to a gap question is required, in the question's words. */
export function requiredOfGaps(name: string, answers: readonly GapAnswer[]): Record<string, string> {
  return Object.fromEntries(
    answers.map((a, i) => [`${name}.${i}.explanation`, `Tell us what you were doing between ${monthName(a.from)} and ${monthName(a.to)}.`]),
  );
}

function ExplanationField({ name, label, description }: { name: string; label: string; description: string }) {
  return <Textarea {...useField(name)} label={label} description={description} rows={3} maxLength={500} size="md" />;
}

export function EmploymentGapFields({ name, history }: { name: string; history: EmploymentHistory }) {
  const { setValue } = useFormContext();
  const typed = (useWatch({ name }) as GapAnswer[] | undefined) ?? [];
  const answers = gapAnswers(history.gaps, typed);
  // The form holds one answer per gap the policy finds now; when the gaps
  // change (the employments were saved again) the list follows, keeping what
  // was typed for a gap with the same dates.
  const same = answers.length === typed.length && answers.every((a, i) => a.from === typed[i]?.from && a.to === typed[i]?.to);
  useEffect(() => {
    if (!same) setValue(name, answers);
  });

  const trailing = history.trailingGap;
  if (history.gaps.length === 0 && !trailing) return null;
  return (
    <Stack gap="md" component="section" aria-labelledby={`${name}-heading`}>
      <Title order={2} fz="h3" id={`${name}-heading`}>
        Gaps in employment
      </Title>
      {history.gaps.length > 0 ? (
        <Text>
          Lenders ask about any time of more than {history.gapThresholdDays} days without a job in the last {history.windowYears} years. A short answer
          is enough, such as school, caring for family or looking for work.
        </Text>
      ) : null}
      {same
        ? history.gaps.map((g, i) => (
            <ExplanationField
              key={`${g.from}-${g.to}`}
              name={`${name}.${i}.explanation`}
              label={gapQuestion(g)}
              description={`No job is listed from ${formatDate(g.from)} to ${formatDate(g.to)} (${g.days} days).`}
            />
          ))
        : null}
      {trailing ? (
        <Alert color="blue" variant="light" title={`No job listed since ${monthName(trailing.from)}`}>
          If you work now, add that job and tick “I work here now”. If you don’t, you can go on: we may ask about it later.
        </Alert>
      ) : null}
    </Stack>
  );
}
