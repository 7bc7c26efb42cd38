import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormProvider, type FieldValues, type SubmitHandler, type UseFormReturn } from 'react-hook-form';

/**
 * The one wrapper over react-hook-form: fields inside read the form from
 * context, the browser's own validation bubbles are off so messages appear
 * beside the fields, and the first invalid field takes focus. The form
 * comes from useSchemaForm, which validates with the CUE definition of the
 * call it makes; onSubmit receives that call's input.
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
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} aria-label={ariaLabel}>
        <Stack gap="md">{children}</Stack>
      </form>
    </FormProvider>
  );
}
