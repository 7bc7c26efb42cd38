// Form validation from the CUE schemas: the server's definitions, exported
// as OpenAPI and compiled by Ajv ahead of time (scripts/generate-validators.mjs),
// so that a form checks what the server checks and says it in the server's
// words. No rule is written here.

import type { ErrorObject } from 'ajv';
import { set, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';

import type { components } from '@/api/schema.gen';

import type * as Validators from './schema-validators.gen';

/** A CUE definition a form can validate with (schemas/api.cue). */
export type DefinitionName = Extract<keyof typeof Validators, keyof components['schemas']>;

/** What the definition takes: the input of the call the form makes. */
export type DefinitionInput<N extends DefinitionName> = components['schemas'][N];

// The validators load with the first form that needs them, not with the
// page that shows it.
let validators: Promise<typeof Validators> | undefined;
export function loadValidators() {
  validators ??= import('./schema-validators.gen');
  return validators;
}

// For a value that fails where CUE has no message of its own; the server
// words the first two the same (server/schema).
const REQUIRED = 'This field is required.';
const WRONG_TYPE = 'This field has the wrong type.';
const INVALID = 'Check this field.';

/**
 * A react-hook-form resolver that validates against CUE definition
 * `definition`. toInput turns the form's values into the call's input (trim
 * an e-mail, the digits of a phone, ...); a text field left empty ('') is
 * taken as not given, so a required one gets its field's CUE message. On
 * success the form's submit handler receives the input, with the
 * definition's defaults filled in.
 */
export function schemaResolver<TValues extends FieldValues, N extends DefinitionName>(
  definition: N,
  toInput: (values: TValues) => object = (values) => values,
): Resolver<TValues, unknown, DefinitionInput<N>> {
  return async (values) => {
    const validate = (await loadValidators())[definition];
    const input = withoutEmpty(toInput(values));
    if (validate(input)) return { values: input as DefinitionInput<N>, errors: {} };
    return { values: {}, errors: fieldErrors<TValues>(validate.errors ?? []) };
  };
}

function withoutEmpty(input: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(structuredClone(input)).filter(([, v]) => v !== ''));
}

/** Ajv's errors as react-hook-form's, one message per field, at the field's name. */
function fieldErrors<TValues extends FieldValues>(errors: ErrorObject[]): FieldErrors<TValues> {
  const out: FieldErrors<TValues> = {};
  const seen = new Set<string>();
  const add = (error: ErrorObject, message: string) => {
    const segments = error.instancePath
      .split('/')
      .slice(1)
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
    const path = segments.join('.') || 'root';
    if (seen.has(path)) return;
    seen.add(path);
    set(out, path, { type: error.keyword, message });
  };
  for (const error of errors) {
    if (error.keyword === 'errorMessage') {
      // ajv-errors: the CUE message, standing for the errors it replaced.
      for (const original of error.params.errors as ErrorObject[]) add(original, error.message ?? REQUIRED);
    } else {
      add(error, error.keyword === 'required' ? REQUIRED : error.keyword === 'type' ? WRONG_TYPE : INVALID);
    }
  }
  return out;
}
