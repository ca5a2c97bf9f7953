import type { OpenAPIObject } from '@nestjs/swagger';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** Keywords that say what a value may be; the rest (description, example, deprecated…) only describe it. */
const CONSTRAINTS = new Set(['type', 'nullable', 'allOf', 'oneOf', 'anyOf', '$ref', 'not']);

/**
 * Makes every schema declared nullable admit `null` by the letter of OpenAPI 3.0.3, where
 * `nullable: true` adds null only to the `type` beside it and every other keyword keeps refusing it.
 * @nestjs/swagger writes a nullable property of a class type (or of a named enum) as
 * `{ nullable: true, type: 'object', allOf: [{ $ref }] }`: the referenced schema still refuses null,
 * so a validating proxy rejects the `null` the service answers, and strict clients fail to read it.
 * Rewritten here as `oneOf: [{ $ref }, { enum: [null] }]` (openapi-typescript reads it as `X | null`).
 * A nullable inline enum gets null among its values, for the same reason.
 */
export function admitNullWhereNullable(document: OpenAPIObject): void {
  rewrite(document as unknown as JsonObject);
}

function rewrite(node: Json): void {
  if (Array.isArray(node)) {
    for (const child of node) rewrite(child);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  // Examples are values, not schemas.
  for (const [key, child] of Object.entries(node)) if (key !== 'example' && key !== 'examples') rewrite(child);
  if (node.nullable !== true) return;
  const target = referenceOf(node);
  if (target !== undefined) {
    for (const key of Object.keys(node)) if (CONSTRAINTS.has(key)) delete node[key];
    // OpenAPI 3.0 has no null type: a schema of the one value null stands for it.
    node.oneOf = [{ $ref: target }, { enum: [null] }];
    return;
  }
  if (Array.isArray(node.enum) && !node.enum.includes(null)) node.enum = [...node.enum, null];
}

/** The $ref a nullable schema stands for: beside it (ignored by OpenAPI 3.0), or as a lone allOf. */
function referenceOf(schema: JsonObject): string | undefined {
  if (typeof schema.$ref === 'string') return schema.$ref;
  const [only, ...rest] = Array.isArray(schema.allOf) ? schema.allOf : [];
  const onlyKeys = only !== null && typeof only === 'object' && !Array.isArray(only) ? Object.keys(only) : [];
  if (rest.length > 0 || onlyKeys.length !== 1 || onlyKeys[0] !== '$ref') return undefined;
  return typeof (only as JsonObject).$ref === 'string' ? ((only as JsonObject).$ref as string) : undefined;
}
