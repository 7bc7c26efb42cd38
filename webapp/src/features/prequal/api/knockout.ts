import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';

import type { Decided } from './decision';

// prequal.knockout: the /prequal path's first answers (listed for sale, a
// foreclosure, bankruptcy or modification) decided by the eligibility rules
// on the server as they are given, before the account exists. A refusal
// comes with the rule's reasons; an answer not given is notDecided.

export type KnockoutInput = components['schemas']['KnockoutInput'];

const PROCEDURE = 'prequal.knockout';

export async function knockout(input: KnockoutInput): Promise<Decided> {
  return api.mutate<Decided>(PROCEDURE, input);
}
