import { useEffect } from 'react';
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';

import { loadValidators, schemaResolver, type DefinitionInput, type DefinitionName } from '@/lib/schema-resolver';

/**
 * react-hook-form validating against CUE definition `definition`, the
 * input of the call the form makes: the rules and messages are the
 * server's. toInput turns the form's values into that input; the submit
 * handler receives it. Checked on submit, then as the person types: a
 * message appearing on blur would move the button away from a pointer that
 * is pressing it.
 */
export function useSchemaForm<TValues extends FieldValues, N extends DefinitionName>(
  definition: N,
  { toInput, ...options }: Omit<UseFormProps<TValues, unknown, DefinitionInput<N>>, 'resolver'> & {
    toInput?: (values: TValues) => object;
  },
): UseFormReturn<TValues, unknown, DefinitionInput<N>> {
  useEffect(() => {
    void loadValidators();
  }, []);
  return useForm<TValues, unknown, DefinitionInput<N>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    resolver: schemaResolver(definition, toInput),
  });
}
