import { TRPCClientError } from './trpc-client';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const is = {
  object: isObject,
  /** An object whose every value passes the check. */
  recordOf:
    (check: (v: unknown) => boolean) =>
    (v: unknown): boolean =>
      isObject(v) && Object.values(v).every(check),
  arrayOf:
    (check: (v: unknown) => boolean) =>
    (v: unknown): boolean =>
      Array.isArray(v) && v.every(check),
  string: (v: unknown): v is string => typeof v === 'string',
  boolean: (v: unknown): v is boolean => typeof v === 'boolean',
  /** null, or a value passing the check. */
  nullable:
    (check: (v: unknown) => boolean) =>
    (v: unknown): boolean =>
      v === null || check(v),
  number: (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v),
  /** An object with at least these fields, each passing its check. */
  shape:
    (fields: Record<string, (v: unknown) => boolean>) =>
    (v: unknown): boolean =>
      isObject(v) && Object.entries(fields).every(([k, check]) => check(v[k])),
};

/**
 * Checks the parts of an answer the app computes with, so a server that
 * answers in another shape shows the page's error state instead of breaking it.
 */
export function expectShape<T>(procedure: string, data: unknown, check: (v: unknown) => boolean): T {
  if (!check(data)) {
    throw new TRPCClientError(`The server answered ${procedure} in an unexpected shape.`, {
      code: 'PARSE_ERROR',
      httpStatus: 200,
      path: procedure,
    });
  }
  return data as T;
}
