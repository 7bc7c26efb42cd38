import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormProvider, type FieldValues, type SubmitHandler, type UseFormReturn } from 'react-hook-form';

import { useHydrated } from '@/lib/use-hydrated';

/**
 * The one wrapper over react-hook-form: fields inside read the form from
 * context, the browser's own validation bubbles are off so messages appear
 * beside the fields, and the first invalid field takes focus. The form
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
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} aria-label={ariaLabel}>
        <fieldset disabled={!hydrated} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <Stack gap="md">{children}</Stack>
        </fieldset>
      </form>
    </FormProvider>
  );
}
