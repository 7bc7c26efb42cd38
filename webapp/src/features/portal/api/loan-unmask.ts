import { useMutation } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import type { MutationConfig } from '@/lib/react-query';

// portal.unmask: one sensitive field's value, for a role that may see it
// (pii.unmask). Each call is recorded in the audit log with the field's
// name; the value is kept only in the component that asked, never cached.

type Schemas = components['schemas'];

export type UnmaskInput = Schemas['UnmaskInput'];
export type UnmaskedField = Schemas['UnmaskedField'];

const PROCEDURE = 'portal.unmask';

export async function unmaskField(input: UnmaskInput): Promise<UnmaskedField> {
  return api.mutate<UnmaskedField>(PROCEDURE, input);
}

export function useUnmaskFieldMutation(config: MutationConfig<typeof unmaskField> = {}) {
  return useMutation({ ...config, mutationFn: unmaskField });
}
