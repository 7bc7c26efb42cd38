// The frame of every question page of the full application: load, draft,
// validate, save, go on. A page gives only its fields.
//
// Usage (a page is the default export of a file in ./pages, registered in
// ./pages/index.ts by its path):
//
//   export default function PropertyInfoPage() {
//     return (
//       <SectionPage<PropertyValues>
//         definition="PropertyInfoSection"                // the section's CUE definition (schemas/application.cue)
//         fromApplication={(view) => ({ ... })}           // the form's values from the saved application
//         toSection={(values) => ({ ... })}               // the section application.save takes
//         required={{ 'property.type': 'Choose …' }}      // by path in the section, with the message
//       >
//         {(form, view) => <TextField name="section.property.address.line1" label="Street address" />}
//       </SectionPage>
//     );
//   }
//
// Field names start with `section.`: the server answers a refused field at
// `section.<path>` and the message shows beside the field of that name. The
// page's heading is the route's (ApplicationPage); the page renders no h1.
// What is typed is kept as a draft (application.saveDraft) 800 ms after
// typing stops and when the page is hidden, and comes back over the saved
// values after a refresh. Continue validates (the schema's messages, then
// `required`), saves with application.save and goes to the page funnel.pages
// names next. After submission the fields are disabled and nothing saves.

import { Alert, Button, Flex, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  get,
  set,
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';

import { getAdverseActionQueryOptions } from '@/api/get-adverse-action';
import { getFunnelPagesQueryOptions, useFunnelPages } from '@/api/get-funnel-pages';
import { isTRPCClientError } from '@/api/trpc-client';
import { Form } from '@/components/form/form';
import { formBehaviour, pageResolver } from '@/components/form/use-schema-form';
import { QueryError } from '@/components/ui/query-error';
import { loadValidators, type DefinitionName } from '@/lib/schema-resolver';

import { useApplication, type ApplicationView } from '../api/get-application';
import { declineOf, Declined } from './declined';
import { useDraft } from '../api/get-draft';
import { useSaveApplicationMutation } from '../api/save-application';
import { saveDraft } from '../api/save-draft';
import { errorMessage } from '@/lib/error-message';
import { formatTime } from '@/lib/format';

/** A section's CUE definition: what application.save checks a page's section against. */
export type SectionDefinition = Extract<DefinitionName, `${string}Section`>;

/** The form's values: the page's own, under `section`, the name the server's field errors use. */
export type SectionValues<V> = { section: V };

export type SectionForm<V extends FieldValues> = UseFormReturn<SectionValues<V>>;

/**
 * Fields the page needs before Continue, by path in the section it saves
 * ("user.ssn"), each with its message when the section leaves it empty; or
 * a function of the form's values giving them (a follow-up is needed only
 * after its yes). The page's message replaces the schema's "required".
 */
export type SectionRequired<V> =
  | Readonly<Record<string, string>>
  | ((values: V, view: ApplicationView) => Readonly<Record<string, string>>);

export type SectionPageProps<V extends FieldValues> = {
  /**
   * The CUE definition of the page's section (schemas/application.cue),
   * which the form validates with before it saves, so it says what the
   * server would, in its words.
   */
  definition: SectionDefinition;
  /** The form's values, from the saved application (a draft is laid over them). */
  fromApplication: (view: ApplicationView) => V;
  /** The section to save, from the form's values (empty text left out, a choice of the page's own undone ...). */
  toSection: (values: V, view: ApplicationView) => object;
  required?: SectionRequired<V>;
  /**
   * The page's own checks that no single field's schema says (the former
   * addresses cover 2 years), by path in the section, with their messages;
   * the page shows them where it renders that path's message.
   */
  checks?: (values: V, view: ApplicationView) => Readonly<Record<string, string>>;
  /**
   * Keys never kept in a draft (at any depth): the SSN is stored only by a
   * validated save, sealed, and never comes back to the browser in full.
   */
  undrafted?: readonly string[];
  /**
   * The main button's name and what follows a valid save instead of going
   * to the next page (loan-disbursement: "Save and submit application",
   * which submits). What afterSave throws shows as the page's error.
   */
  action?: { label: string; afterSave: (saved: ApplicationView) => Promise<void> };
  /**
   * What a save refused because the application is declined on what the
   * page states (the server's reasons at the field "decision": page 2's
   * home) means for this page; the refusal is then shown with its reasons
   * and the notice stored with it.
   */
  declinedOutcome?: string;
  children: (form: SectionForm<V>, view: ApplicationView) => ReactNode;
  'aria-label'?: string;
};

const DRAFT_DELAY_MS = 800;

/** Drafts are bounded on the server; one this large would be refused anyway. */
const DRAFT_LIMIT = 60 * 1024;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `over` laid on `base`: objects merge key by key, anything else (a list, a value) replaces. */
export function overlay<T>(base: T, over: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(over)) return (over === undefined ? base : over) as T;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = overlay(out[k], v);
  return out as T;
}

/** A copy without the given keys, at any depth. */
export function without(value: unknown, keys: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => without(v, keys));
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !keys.includes(k)).map(([k, v]) => [k, without(v, keys)]));
}

/** Every path to a value in `values`, list items included ("section.formerAddresses.0.address.city"). */
export function leafPaths(values: unknown, prefix = ''): string[] {
  if (Array.isArray(values)) return values.flatMap((v, i) => leafPaths(v, `${prefix}.${i}`));
  if (!isPlainObject(values)) return prefix ? [prefix] : [];
  return Object.entries(values).flatMap(([k, v]) => leafPaths(v, prefix ? `${prefix}.${k}` : k));
}

/** What to say when a save fails for a reason that is no field's. */
export function saveErrorMessage(err: unknown): string {
  return errorMessage(err, {
    fallback: 'Something went wrong on our side. What you entered is still here; please try again.',
    signInTo: 'save this page',
    forbidden: 'Your application has been submitted, so it can no longer be changed.',
  });
}

/** The current value at a path of the section, re-rendering as it changes. */
export function watchSection<V extends FieldValues>(form: SectionForm<V>, path: string): unknown {
  return (form.watch as unknown as (name: string) => unknown)(`section.${path}`);
}

/**
 * The page's resolver: the section's CUE definition (its messages) and the
 * page's required fields check what toSection makes of the form's values;
 * their messages land under `section.`, and a valid page submits
 * application.save's input.
 */
function sectionResolver<V extends FieldValues>(
  definition: SectionDefinition,
  path: string,
  toSection: (values: V) => object,
  required: Readonly<Record<string, string>> | ((values: V) => Readonly<Record<string, string>>) | undefined,
  checks: ((values: V) => Readonly<Record<string, string>>) | undefined,
): Resolver<SectionValues<V>> {
  const schema = pageResolver<{ section: V }, SectionDefinition>(definition, { toInput: (values) => toSection(values.section) });
  return async (values, context, options) => {
    const result = await schema(values, context, options);
    const section = toSection(values.section);
    const errors = { ...result.errors } as FieldErrors<V>;
    const needed = typeof required === 'function' ? required(values.section) : (required ?? {});
    for (const [at, message] of Object.entries(needed)) {
      if (isEmpty(get(section, at))) set(errors, at, { type: 'required', message });
    }
    for (const [at, message] of Object.entries(checks?.(values.section) ?? {})) {
      if (!get(errors, at)) set(errors, at, { type: 'page', message });
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors: { section: errors } as FieldErrors<SectionValues<V>> };
    return { values: { path, section: result.values } as never, errors: {} };
  };
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

type DraftState = { at: string | null; failed: boolean };

/**
 * Saves the form's values as the page's draft 800 ms after the last change
 * made by the person (not a reset), at once when the page is hidden or
 * left, and never after Continue began: the save deletes the draft, and a
 * late draft would bring back what was saved over.
 */
function useDraftSaving<V extends FieldValues>(form: SectionForm<V>, path: string, undrafted: readonly string[], enabled: boolean) {
  const [state, setState] = useState<DraftState>({ at: null, failed: false });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef(false);
  const inFlight = useRef<Promise<unknown>>(Promise.resolve());
  const stopped = useRef(false);

  const flush = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (!pending.current || stopped.current) return inFlight.current;
    pending.current = false;
    const draft = without(form.getValues(), undrafted) as Record<string, unknown>;
    if (JSON.stringify(draft).length > DRAFT_LIMIT) {
      // Too much to keep as a draft: said, as a refused draft is.
      setState((s) => ({ ...s, failed: true }));
      return inFlight.current;
    }
    const sent = inFlight.current.then(() =>
      saveDraft({ path, draft }).then(
        (saved) => setState({ at: saved.savedAt, failed: false }),
        () => setState((s) => ({ ...s, failed: true })),
      ),
    );
    inFlight.current = sent;
    return sent;
  };
  const flushRef = useRef(flush);
  flushRef.current = flush;

  useEffect(() => {
    if (!enabled) return undefined;
    stopped.current = false;
    const subscription = form.watch((_values, { type }) => {
      if (type !== 'change' || stopped.current) return;
      pending.current = true;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flushRef.current(), DRAFT_DELAY_MS);
    });
    const onHide = () => void flushRef.current();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') onHide();
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      // Leaving the page (Back, a section link) keeps what was typed.
      void flushRef.current();
    };
  }, [enabled, form]);

  /** Before a save: no more drafts, and the one on its way has arrived (the save deletes it). */
  const stop = async () => {
    stopped.current = true;
    pending.current = false;
    clearTimeout(timer.current);
    await inFlight.current;
  };
  /** After a refused save: what is typed is kept again. */
  const resume = () => {
    stopped.current = false;
  };
  return { state, stop, resume };
}

/** Goes to the page after `path`, as funnel.pages says now that the section is saved. */
function useGoNext() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (path: string) => {
    const pages = await queryClient.fetchQuery({ ...getFunnelPagesQueryOptions({ path }), staleTime: 0 });
    if (pages.next) await navigate(pages.next.path);
    return pages.next;
  };
}

function SectionForm<V extends FieldValues>({
  view,
  draft,
  path,
  definition,
  fromApplication,
  toSection,
  required,
  checks,
  undrafted = ['ssn'],
  action,
  declinedOutcome,
  children,
  'aria-label': ariaLabel,
}: SectionPageProps<V> & { view: ApplicationView; draft: Record<string, unknown> | null; path: string }) {
  const readOnly = view.readOnly;
  const defaultValues = useMemo(
    () => overlay<SectionValues<V>>({ section: fromApplication(view) }, readOnly ? undefined : draft ?? undefined),
    // The form starts once, from what was loaded; later answers do not reset what is typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const resolver = sectionResolver<V>(
    definition,
    path,
    (values) => toSection(values, view),
    typeof required === 'function' ? (values) => required(values, view) : required,
    checks && ((values) => checks(values, view)),
  );
  const form = useFormFor<V>(defaultValues, resolver);
  const drafts = useDraftSaving(form, path, undrafted, !readOnly);
  useEffect(() => {
    // The validators load while the page is read, not when Continue is pressed.
    void loadValidators();
  }, []);
  const save = useSaveApplicationMutation();
  const goNext = useGoNext();
  const pages = useFunnelPages({ path });
  const [error, setError] = useState<string | null>(null);
  const [declined, setDeclined] = useState<string[] | null>(null);
  const queryClient = useQueryClient();

  const submit = async (input: unknown) => {
    setError(null);
    setDeclined(null);
    await drafts.stop();
    let saved: ApplicationView;
    try {
      saved = await save.mutateAsync(input as { path: string; section: object });
    } catch (err) {
      drafts.resume();
      const fieldErrors = isTRPCClientError(err) ? err.fields : [];
      const reasons = declinedOutcome ? declineOf(fieldErrors) : null;
      if (reasons) {
        // A decline stores a new notice: read it afresh, not from an earlier visit.
        queryClient.removeQueries({ queryKey: getAdverseActionQueryOptions().queryKey });
        setDeclined(reasons);
        return;
      }
      const names = leafPaths(form.getValues());
      const others: string[] = [];
      let first = true;
      for (const f of fieldErrors) {
        if (names.includes(f.path)) {
          form.setError(f.path as Path<SectionValues<V>>, { type: 'server', message: f.message }, { shouldFocus: first });
          first = false;
        } else {
          others.push(f.message);
        }
      }
      if (fieldErrors.length === 0) setError(saveErrorMessage(err));
      else if (others.length > 0) setError(others.join(' '));
      return;
    }
    try {
      if (action) await action.afterSave(saved);
      else await goNext(path);
    } catch (err) {
      setError(saveErrorMessage(err));
    }
  };

  const previous = pages.data && !pages.isPlaceholderData ? pages.data.previous : null;
  const next = pages.data && !pages.isPlaceholderData ? pages.data.next : null;
  return (
    <Form form={form} onSubmit={submit} aria-label={ariaLabel}>
      {readOnly ? (
        <Alert color="blue" variant="light" title="Your application has been submitted">
          What you entered is shown here as it was submitted. It can no longer be changed.
        </Alert>
      ) : null}
      <fieldset disabled={readOnly} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        <Stack gap="lg">{children(form, view)}</Stack>
      </fieldset>
      {declined && declinedOutcome ? <Declined reasons={declined} outcome={declinedOutcome} /> : null}
      {error ? (
        <Alert color="red" variant="light" role="alert" title="We couldn’t save this page">
          {error}
        </Alert>
      ) : null}
      <Flex direction={{ base: 'column-reverse', sm: 'row' }} justify="space-between" align={{ sm: 'center' }} gap="sm" mt="md">
        {previous ? (
          <Button component={Link} to={previous.path} variant="default" size="md">
            Back
          </Button>
        ) : null}
        <DraftNote state={drafts.state} />
        {readOnly ? (
          next ? (
            <Button component={Link} to={next.path} size="md" ml={{ sm: 'auto' }}>
              Next
            </Button>
          ) : null
        ) : (
          <Button type="submit" size="md" ml={{ sm: 'auto' }} loading={form.formState.isSubmitting}>
            {action?.label ?? 'Continue'}
          </Button>
        )}
      </Flex>
    </Form>
  );
}

function useFormFor<V extends FieldValues>(defaultValues: SectionValues<V>, resolver: Resolver<SectionValues<V>>) {
  return useForm<SectionValues<V>>({
    ...formBehaviour,
    defaultValues: defaultValues as DefaultValues<SectionValues<V>>,
    resolver,
  });
}

/** A quiet word that what is typed is kept, read out once rather than on every save. */
function DraftNote({ state }: { state: DraftState }) {
  const at = state.at ? new Date(state.at) : null;
  const text = state.failed
    ? 'Your latest changes aren’t kept yet. They will be saved when you continue.'
    : at && !Number.isNaN(at.getTime())
      ? `Draft kept at ${formatTime(at)}`
      : '';
  return (
    <Text fz="sm" c="dimmed" role="status" aria-live="polite" ta={{ base: 'center', sm: 'left' }}>
      {text}
    </Text>
  );
}

/**
 * A question page of the application: waits for the saved application and
 * the page's draft, then shows the page's form (see the usage above).
 */
export function SectionPage<V extends FieldValues>(props: SectionPageProps<V>) {
  const { pathname } = useLocation();
  const application = useApplication();
  const draft = useDraft(pathname);
  // The draft as it is now on the server, not one cached from an earlier visit to the page.
  if (application.isPending || draft.isPending || !draft.isFetchedAfterMount) {
    return (
      <Stack gap="md" mt="md">
        <VisuallyHidden role="status">Loading your application</VisuallyHidden>
        <Skeleton h={20} w="40%" aria-hidden="true" />
        <Skeleton h={42} aria-hidden="true" />
        <Skeleton h={42} aria-hidden="true" />
      </Stack>
    );
  }
  if (application.isError) {
    return <QueryError title="We couldn’t load your application" error={application.error} onRetry={() => void application.refetch()} />;
  }
  // A draft that cannot be read is not worth refusing the page for: the saved values show.
  const kept = draft.isError ? null : draft.data.draft;
  return <SectionForm<V> key={pathname} {...props} view={application.data} draft={kept} path={pathname} />;
}
