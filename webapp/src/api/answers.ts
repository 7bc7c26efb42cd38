// The answer checks: every procedure's answer is checked against the shape
// of its CUE result definition (schemas/procedures.cue, generated into
// procedures.gen.ts), so a server that answers in another shape shows the
// page's error state instead of breaking it. Nothing here names a field:
// the shapes are generated, this only reads them. The Go tests validate
// every answer the server gives against the same definitions, exactly; here
// a field the shape does not name is let through, as a newer server may add
// one while this page is open.

import { resultDefinitions, shapes, type Procedures, type Shape } from './procedures.gen';
import { unexpectedShape } from './trpc-client';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function typeMatches(type: NonNullable<Shape['type']>, v: unknown): boolean {
  switch (type) {
    case 'object':
      return isObject(v);
    case 'array':
      return Array.isArray(v);
    case 'string':
      return typeof v === 'string';
    case 'boolean':
      return typeof v === 'boolean';
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'integer':
      return Number.isInteger(v);
  }
}

/** Where value first differs from shape ('' for the whole value), or null when it fits. */
export function mismatch(shape: Shape, value: unknown, at = ''): string | null {
  if (shape.$ref !== undefined) {
    const named = shapes[shape.$ref];
    return named ? mismatch(named, value, at) : at;
  }
  if (value === null && shape.nullable) return null;
  if (shape.type !== undefined && !typeMatches(shape.type, value)) return at;
  if (shape.enum !== undefined && !shape.enum.includes(value)) return at;
  for (const part of shape.allOf ?? []) {
    const found = mismatch(part, value, at);
    if (found !== null) return found;
  }
  if (shape.oneOf !== undefined) {
    const found = shape.oneOf.map((part) => mismatch(part, value, at));
    if (!found.includes(null)) return found[0] ?? at;
  }
  if (shape.items !== undefined && Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = mismatch(shape.items, value[i], join(at, String(i)));
      if (found !== null) return found;
    }
  }
  if (isObject(value)) {
    for (const key of shape.required ?? []) {
      if (!(key in value)) return join(at, key);
    }
    for (const [key, field] of Object.entries(value)) {
      const fieldShape = shape.properties?.[key] ?? shape.additionalProperties;
      if (fieldShape === undefined) continue;
      const found = mismatch(fieldShape, field, join(at, key));
      if (found !== null) return found;
    }
  }
  return null;
}

const join = (at: string, key: string) => (at === '' ? key : `${at}.${key}`);

/**
 * Where the answer of procedure differs from its result definition, or null
 * when it fits (and for a procedure the table does not list, which the
 * server answers NOT_FOUND).
 */
export function answerMismatch(procedure: string, answer: unknown): string | null {
  const definition = (resultDefinitions as Record<string, string>)[procedure];
  if (definition === undefined) return null;
  return mismatch({ $ref: definition }, answer);
}

/** A procedure's name. */
export type ProcedureName = keyof Procedures;

/**
 * data, when it fits CUE definition `definition` (an answer that comes
 * from no procedure, such as an upload's); otherwise a PARSE_ERROR, as the
 * client gives for a procedure's answer.
 */
export function expectDefinition<T>(path: string, data: unknown, definition: string): T {
  const at = mismatch({ $ref: definition }, data);
  if (at !== null) throw unexpectedShape(path, at);
  return data as T;
}
