/**
 * A form's answers as the server takes them: a field left empty (null,
 * undefined or '') is left out rather than sent, in nested objects too (an object left all empty too), so
 * "not answered" never reaches the schema as a wrong value. Lists keep
 * their items, each compacted.
 */
export function compact<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => compact(v)) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (v === null || v === undefined || v === '') continue;
    const c = compact(v);
    // An object every field of which was left empty was not answered either.
    if (c !== null && typeof c === 'object' && !Array.isArray(c) && Object.keys(c).length === 0) continue;
    out[k] = c;
  }
  return out as T;
}
