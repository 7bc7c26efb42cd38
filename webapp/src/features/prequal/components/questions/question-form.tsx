import { Alert, Button, Flex, Skeleton, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { DefaultValues, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';

import { getFunnelPagesQueryOptions } from '@/api/get-funnel-pages';
import { isTRPCClientError, TRPCClientError, type FieldError } from '@/api/trpc-client';
import { Form } from '@/components/form/form';
import { useSchemaForm, type Required } from '@/components/form/use-schema-form';
import { PageHeading } from '@/components/ui/page-heading';
import { QueryError } from '@/components/ui/query-error';
import type { DefinitionName } from '@/lib/schema-resolver';

import type { PrequalAnswers } from '../../api/get-answers';
import { SAVE_ANSWERS_DEFINITION, SAVE_ANSWERS_PROCEDURE } from '../../api/save-answers';
import { useQuestionTerms } from '../../api/get-question-terms';
import { stepCopyFor } from '../../content/step-copy';
import { useAnswers, useSaveAnswers } from '../../hooks/use-answers';
import { funnelPagesInput, useFunnelPagesHere } from '../../hooks/use-funnel-pages-here';
import { compact } from '../../lib/compact';
import { errorMessage } from '@/lib/error-message';

/** The last segment of a funnel path: its slug. */
export function slugOf(pathname: string): string {
  return pathname.split('/').filter(Boolean).pop() ?? '';
}

/** The page's heading and help, from the step copy of its slug. */
export function QuestionHeading({ slug }: { slug?: string }) {
  const { pathname } = useLocation();
  const copy = stepCopyFor(slug ?? slugOf(pathname), useQuestionTerms());
  return <PageHeading title={copy?.heading ?? ''} help={copy?.help} />;
}

/** The current value of one of the form's answers, re-rendering as it changes. */
export function watchAnswer<T extends FieldValues>(form: UseFormReturn<T>, name: string): unknown {
  return (form.watch as unknown as (name: string) => unknown)(`answers.${name}`);
}

/** What to say when a save fails for a reason that is no field's. */
export function saveErrorMessage(err: unknown): string {
  return errorMessage(err, {
    fallback: 'Something went wrong on our side. Your answers are still here; please try again.',
    signInTo: 'save your answers',
  });
}

/** Every path to a value in `values` ("answers.fbm.foreclosure"), for telling a field's error from another. */
function leafPaths(values: unknown, prefix = ''): string[] {
  if (values === null || typeof values !== 'object' || Array.isArray(values)) return prefix ? [prefix] : [];
  return Object.entries(values).flatMap(([k, v]) => leafPaths(v, prefix ? `${prefix}.${k}` : k));
}

/** Goes to the page after `path`, as funnel.pages says with the answers as they are now. */
export function useGoNext() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (path: string) => {
    const pages = await queryClient.fetchQuery({ ...getFunnelPagesQueryOptions(funnelPagesInput(path)), staleTime: 0 });
    if (pages.next) await navigate(pages.next.path);
    return pages.next;
  };
}

export type QuestionFormProps<TValues extends FieldValues, N extends DefinitionName> = {
  definition: N;
  defaultValues: DefaultValues<TValues>;
  toInput: (values: TValues) => object;
  fields?: readonly string[];
  required?: Required;
  /**
   * Saves what the page asked (rejecting with the server's error), then
   * says whether to go on to the next page ('next', the default) or stay
   * (the page shows why, or goes somewhere itself).
   */
  onSave: (input: never, form: UseFormReturn<TValues>) => Promise<'next' | 'stay' | void>;
  /** The main action's name; Continue unless the page does something else first. */
  submitLabel?: string;
  children: ReactNode | ((form: UseFormReturn<TValues>) => ReactNode);
  'aria-label'?: string;
};

/**
 * A question page's form: its fields, validated by the schema (Continue is
 * refused with the messages beside the fields until the page is valid),
 * then saved, then on to the page funnel.pages names next. A field message
 * from the server is shown at its field; any other refusal above the
 * button, with nothing typed lost.
 */
export function QuestionForm<TValues extends FieldValues, N extends DefinitionName>({
  definition,
  defaultValues,
  toInput,
  fields,
  required,
  onSave,
  submitLabel = 'Continue',
  children,
  'aria-label': ariaLabel,
}: QuestionFormProps<TValues, N>) {
  const { pathname } = useLocation();
  const form = useSchemaForm<TValues, N>(definition, { defaultValues, toInput, fields, required });
  const pages = useFunnelPagesHere();
  const goNext = useGoNext();
  const [error, setError] = useState<string | null>(null);
  const names = leafPaths(defaultValues);

  const submit = async (input: unknown) => {
    setError(null);
    let outcome: 'next' | 'stay' | void;
    try {
      outcome = await onSave(input as never, form as unknown as UseFormReturn<TValues>);
    } catch (err) {
      const fieldErrors = isTRPCClientError(err) ? err.fields : [];
      const others: string[] = [];
      let first = true;
      for (const f of fieldErrors) {
        if (names.includes(f.path)) {
          form.setError(f.path as Path<TValues>, { type: 'server', message: f.message }, { shouldFocus: first });
          first = false;
        } else {
          others.push(f.message);
        }
      }
      if (fieldErrors.length === 0) setError(saveErrorMessage(err));
      else if (others.length > 0) setError(others.join(' '));
      return;
    }
    if (outcome === 'stay') return;
    try {
      await goNext(pathname);
    } catch (err) {
      setError(saveErrorMessage(err));
    }
  };

  const previous = pages.data?.previous;
  return (
    <Form form={form} onSubmit={submit} aria-label={ariaLabel}>
      {typeof children === 'function' ? children(form as unknown as UseFormReturn<TValues>) : children}
      {error ? (
        <Alert color="red" variant="light" role="alert" title="We couldn’t save this page">
          {error}
        </Alert>
      ) : null}
      <Flex direction={{ base: 'column-reverse', sm: 'row' }} justify="space-between" gap="sm" mt="md">
        {previous ? (
          <Button component={Link} to={previous.path} variant="default" size="md">
            Back
          </Button>
        ) : null}
        <Button type="submit" size="md" ml={{ sm: 'auto' }} loading={form.formState.isSubmitting}>
          {submitLabel}
        </Button>
      </Flex>
    </Form>
  );
}

/** A page asking #PrequalAnswers: prefilled from the saved answers, saved with prequal.save or in the store. */
export function AnswersForm<TAnswers extends FieldValues>({
  answers,
  toAnswers = (a) => a as PrequalAnswers,
  required,
  check,
  onSaved,
  children,
  submitLabel,
}: {
  /** The page's answers as the form starts with them (null for one not given yet). */
  answers: TAnswers;
  /** The answers to save, from the form's (which may hold a choice of the page's own, like "no mortgage"). */
  toAnswers?: (answers: TAnswers) => PrequalAnswers;
  /** By answer path (fbm.foreclosure), with the message when it is left empty; or a function of the answers to save. */
  required?: Readonly<Record<string, string>> | ((answers: PrequalAnswers) => Readonly<Record<string, string>>);
  /**
   * Before the save, what the page checks of the answers against the
   * server's data (a ZIP code's state): refusals by answer path, shown at
   * their fields as the server's are, and nothing is saved.
   */
  check?: (answers: PrequalAnswers) => Promise<FieldError[]>;
  /** After the save; 'stay' keeps the page (it says why, or goes somewhere itself). */
  onSaved?: (saved: PrequalAnswers) => Promise<'next' | 'stay' | void> | 'next' | 'stay' | void;
  children: ReactNode | ((form: UseFormReturn<{ answers: TAnswers }>) => ReactNode);
  submitLabel?: string;
}) {
  const { pathname } = useLocation();
  const { save } = useSaveAnswers();
  const prefix = (r: Readonly<Record<string, string>>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [`answers.${k}`, v]));
  const needed =
    typeof required === 'function'
      ? (input: { answers: PrequalAnswers }) => prefix(required(input.answers))
      : required && prefix(required);
  return (
    <QuestionForm<{ answers: TAnswers }, typeof SAVE_ANSWERS_DEFINITION>
      definition={SAVE_ANSWERS_DEFINITION}
      defaultValues={{ answers } as DefaultValues<{ answers: TAnswers }>}
      toInput={(v) => ({ path: pathname, answers: compact(toAnswers(v.answers)) })}
      required={needed as Required}
      onSave={async (input: { answers: PrequalAnswers }) => {
        const refused = (await check?.(input.answers)) ?? [];
        if (refused.length > 0) {
          throw new TRPCClientError(refused[0]!.message, {
            code: 'BAD_REQUEST',
            httpStatus: 400,
            path: SAVE_ANSWERS_PROCEDURE,
            fields: refused.map((f) => ({ ...f, path: `answers.${f.path}` })),
          });
        }
        const saved = await save(pathname, input.answers);
        return onSaved?.(saved);
      }}
      submitLabel={submitLabel}
    >
      {children}
    </QuestionForm>
  );
}

/**
 * Waits for the answers the page starts from (the loan's, or this
 * browser's), then renders the page with them.
 */
export function WithAnswers({ children }: { children: (answers: PrequalAnswers, signedIn: boolean) => ReactNode }) {
  const state = useAnswers();
  if (state.status === 'pending') {
    return (
      <Stack gap="md" mt="md">
        <Skeleton h={20} w="40%" aria-hidden="true" />
        <Skeleton h={42} aria-hidden="true" />
      </Stack>
    );
  }
  if (state.status === 'error') {
    return <QueryError title="We couldn’t load your answers" error={state.error} onRetry={state.retry} />;
  }
  return <>{children(state.answers, state.signedIn)}</>;
}

/** A page: its heading, then its form once the answers it starts from are here. */
export function QuestionPage({
  slug,
  children,
}: {
  slug?: string;
  children: (answers: PrequalAnswers, signedIn: boolean) => ReactNode;
}) {
  return (
    <Stack gap="lg">
      <QuestionHeading slug={slug} />
      <WithAnswers>{children}</WithAnswers>
    </Stack>
  );
}
