import { useEffect } from 'react';
import {
  get,
  set,
  useForm,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';

import { loadValidators, schemaResolver, type DefinitionInput, type DefinitionName } from '@/lib/schema-resolver';

export type SchemaFormOptions<TValues extends FieldValues, N extends DefinitionName> = Omit<
  UseFormProps<TValues, unknown, DefinitionInput<N>>,
  'resolver'
> & {
  /** The call's input made of the form's values; its field paths are the form's names. */
  toInput?: (values: TValues) => object;
  /**
   * The input's fields this form asks for. A page asks part of a larger
   * input (the name page asks firstName and lastName of the account, a
   * question page one answer of many): messages about fields of other
   * pages are not this page's to show, and do not stop it.
   */
  fields?: readonly string[];
  /**
   * Fields this page must have before it goes on, by input path, each with
   * what to say when it is left empty. The schema decides what a given
   * value must look like; whether a page needs the answer is the page's
   * (#PrequalAnswers has every answer optional, as it fills page by page).
   */
  required?: Required;
};

/** Required fields, or a function of the input giving them (a follow-up question is required only after its yes). */
export type Required = Readonly<Record<string, string>> | ((input: never) => Readonly<Record<string, string>>);

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** The resolver of a page: the schema's messages for this page's fields, and its required fields. */
export function pageResolver<TValues extends FieldValues, N extends DefinitionName>(
  definition: N,
  { toInput, fields, required }: Pick<SchemaFormOptions<TValues, N>, 'toInput' | 'fields' | 'required'>,
): Resolver<TValues, unknown, DefinitionInput<N>> {
  const schema = schemaResolver<TValues, N>(definition, toInput);
  if (!fields && !required) return schema;
  return async (values, context, options) => {
    const result = await schema(values, context, options);
    const input = (toInput ? toInput(values) : values) as Record<string, unknown>;
    let errors: FieldErrors<TValues> = result.errors;
    if (fields) {
      const kept: FieldErrors<TValues> = {};
      for (const path of fields) {
        const error = get(errors, path);
        if (error) set(kept, path, error);
      }
      errors = kept;
    }
    // A required field left empty gets the page's message, which says what
    // to give, in place of the schema's fallback for a missing value ("This
    // field is required."), as inside a list whose items require it.
    const needed = typeof required === 'function' ? required(input as never) : required;
    for (const [path, message] of Object.entries(needed ?? {})) {
      if (isEmpty(get(input, path))) set(errors, path, { type: 'required', message });
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    // The schema's own answer when it had nothing to say (defaults filled in).
    const accepted = Object.keys(result.errors).length === 0 ? result.values : input;
    return { values: accepted as DefinitionInput<N>, errors: {} };
  };
}

/**
 * How every form of the app checks and focuses, for useForm: on submit,
 * then as the person types; the first refused field is focused by Form
 * itself, once (focusFirstInvalid), not by react-hook-form.
 */
export const formBehaviour = { mode: 'onSubmit', reValidateMode: 'onChange', shouldFocusError: false } as const;

/**
 * react-hook-form validating against CUE definition `definition`, the
 * input of the call the form makes: the rules and messages are the
 * server's. toInput turns the form's values into that input; the submit
 * handler receives it. Checked on submit, then as the person types: a
 * message appearing on blur would move the button away from a pointer that
 * is pressing it. A page that asks part of the input names its `fields`
 * and the ones it `required`s.
 */
export function useSchemaForm<TValues extends FieldValues, N extends DefinitionName>(
  definition: N,
  { toInput, fields, required, ...options }: SchemaFormOptions<TValues, N>,
): UseFormReturn<TValues, unknown, DefinitionInput<N>> {
  useEffect(() => {
    void loadValidators();
  }, []);
  return useForm<TValues, unknown, DefinitionInput<N>>({
    ...formBehaviour,
    ...options,
    resolver: pageResolver(definition, { toInput, fields, required }),
  });
}
