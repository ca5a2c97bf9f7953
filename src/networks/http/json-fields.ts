/** Reading the loosely typed JSON the Graph hosts answer with, without trusting its shape. */

export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A string field; ids that arrive as JSON numbers are accepted only while they are exact (Graph
 * ids can exceed 2^53, and a rounded id would point at another object).
 */
export function stringField(record: JsonRecord, key: string): string | undefined {
  const value = record[key];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return undefined;
}

/** A number field; numeric strings are accepted, as some hosts quote their numbers. */
export function numberField(record: JsonRecord, key: string): number | undefined {
  const value = record[key];
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

export function recordField(record: JsonRecord, key: string): JsonRecord | undefined {
  const value = record[key];
  return isRecord(value) ? value : undefined;
}

export function arrayField(record: JsonRecord, key: string): unknown[] | undefined {
  const value = record[key];
  return Array.isArray(value) ? value : undefined;
}

/** Scopes or permissions given either as a JSON array or as one comma-separated string. */
export function listField(record: JsonRecord, key: string): string[] {
  const value = record[key];
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return items
    .filter((item): item is string => typeof item === 'string')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** `expires_in` seconds counted from `now`; undefined when the token does not expire. */
export function expiryFrom(expiresInSeconds: number | undefined, now: Date): Date | undefined {
  if (expiresInSeconds === undefined || expiresInSeconds <= 0) return undefined;
  return new Date(now.getTime() + expiresInSeconds * 1000);
}

/**
 * A URL with query parameters appended in the documented form: spaces as %20 and commas kept
 * literal (`scope=a,b,c`), after any query the configured base already has.
 */
export function urlWithQuery(base: string, params: Record<string, string>): string {
  const query = Object.entries(params)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value).replace(/%2C/gi, ',')}`)
    .join('&');
  return `${base}${base.includes('?') ? '&' : '?'}${query}`;
}
