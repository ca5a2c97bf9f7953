import { xProblems } from './x-errors';

export type XBodyObject = Record<string, unknown>;

export function isBodyObject(value: unknown): value is XBodyObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Refuses a property the schema does not have: every request body schema of the operations the
 * emulator serves says `additionalProperties: false` (see x-spec.ts). `path` names the object in
 * the message (`media` for `media.foo`).
 */
export function onlyProperties(body: XBodyObject, allowed: readonly string[], path = ''): void {
  const extra = Object.keys(body).find((name) => !allowed.includes(name));
  if (extra !== undefined) {
    const name = path ? `${path}.${extra}` : extra;
    throw xProblems.invalid(
      name,
      `$.${name}: is not defined in the schema and the schema does not allow additional properties`,
      name,
    );
  }
}
