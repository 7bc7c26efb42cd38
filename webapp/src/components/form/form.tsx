import { Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FormProvider, type FieldErrors, type FieldValues, type SubmitHandler, type UseFormReturn } from 'react-hook-form';

import { useHydrated } from '@/lib/use-hydrated';

/**
 * The one wrapper over react-hook-form: fields inside read the form from
 * context, the browser's own validation bubbles are off so messages appear
 * beside the fields, and the first invalid field takes focus (once, as the
 * check ends: see focusFirstInvalid). The form
 * comes from useSchemaForm, which validates with the CUE definition of the
 * call it makes; onSubmit receives that call's input. A prerendered form
 * is disabled until the page is hydrated, so nothing is typed into fields
 * whose handlers are not attached yet.
 */
export function Form<TValues extends FieldValues, TInput = TValues>({
  form,
  onSubmit,
  children,
  'aria-label': ariaLabel,
}: {
  form: UseFormReturn<TValues, unknown, TInput>;
  onSubmit: SubmitHandler<TInput>;
  children: ReactNode;
  'aria-label'?: string;
}) {
  const hydrated = useHydrated();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const formElement = event.currentTarget;
    const focusedAtSubmit = document.activeElement;
    return form.handleSubmit(onSubmit, (errors) =>
      focusFirstInvalid(formElement, errors, focusedAtSubmit, (path) => form.setFocus(path as Parameters<typeof form.setFocus>[0])),
    )(event);
  };
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={submit} aria-label={ariaLabel}>
        <fieldset disabled={!hydrated} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <Stack gap="md">{children}</Stack>
        </fieldset>
      </form>
    </FormProvider>
  );
}

/**
 * The dotted paths of the fields errors names (answers.annualIncome), at any
 * depth: a field's error has a type (and is not looked into: its ref is the
 * field's), anything else holds the errors of the fields inside it.
 */
function errorPaths(errors: FieldErrors, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([key, error]) => {
    if (!error || typeof error !== 'object') return [];
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof (error as { type?: unknown }).type === 'string') return [path];
    return errorPaths(error as FieldErrors, path);
  });
}

/**
 * Puts the focus on the first field, in the page's order, that the check
 * refused, as the check ends, unless the person has already moved to a
 * field of their own since they submitted: the check can take a moment on
 * a slow phone, and a message must never pull the cursor out of a field
 * being typed in (react-hook-form's own focusing, off in our forms, tries
 * again a moment later and then finds the next field still wrong while
 * the first is being corrected).
 */
export function focusFirstInvalid(
  formElement: HTMLFormElement,
  errors: FieldErrors,
  focusedAtSubmit: Element | null,
  setFocus: (path: string) => void,
) {
  const active = document.activeElement;
  if (active !== focusedAtSubmit && active instanceof HTMLElement && formElement.contains(active) && active.matches('input, textarea, select')) return;
  const paths = errorPaths(errors);
  const named = new Set(paths);
  const first = Array.from(formElement.elements).find(
    (element): element is HTMLElement =>
      element instanceof HTMLElement && named.has(element.getAttribute('name') ?? '') && !element.matches('[type="hidden"], :disabled'),
  );
  // A field whose control carries no name of its own: the form's ref to it.
  if (first) first.focus();
  else if (paths[0]) setFocus(paths[0]);
}
