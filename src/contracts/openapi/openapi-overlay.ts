// Rules an OpenAPI document states in prose only (contracts/x/overlay.json), applied on top of it:
// `requiredProperties` are written into the schemas' `required` lists, so the JSON Schema check
// reports them; `mutuallyExclusive` has no JSON Schema form whose errors would say which properties
// clash, so the contract checks it itself on a request body whose schema the rule names.
import { isJsonObject, JsonObject } from '../json';

interface OverlayRule {
  /** A schema of components.schemas. */
  schema: string;
  why: string;
  source: string;
}

export interface RequiredPropertyRule extends OverlayRule {
  property: string;
}

/** At most one of `properties` may be sent in one object of `schema`. */
export interface MutuallyExclusiveRule extends OverlayRule {
  properties: string[];
}

export interface OpenApiOverlay {
  requiredProperties?: RequiredPropertyRule[];
  mutuallyExclusive?: MutuallyExclusiveRule[];
}

const SCHEMA_REF = /^#\/components\/schemas\/([^/]+)$/;

/** A copy of the document with the overlay's required properties added; throws on a rule naming what the document lacks. */
export function applyOverlay(document: JsonObject, overlay: OpenApiOverlay | undefined): JsonObject {
  if (!overlay) return document;
  const copy = structuredClone(document);
  const schemas = isJsonObject(copy.components) && isJsonObject(copy.components.schemas) ? copy.components.schemas : {};
  const schemaOf = (rule: OverlayRule): JsonObject => {
    const schema = schemas[rule.schema];
    if (!isJsonObject(schema)) throw new Error(`Overlay names unknown schema ${rule.schema}`);
    return schema;
  };
  for (const rule of overlay.requiredProperties ?? []) {
    const schema = schemaOf(rule);
    const required = Array.isArray(schema.required) ? schema.required : [];
    if (!required.includes(rule.property)) schema.required = [...required, rule.property];
  }
  for (const rule of overlay.mutuallyExclusive ?? []) {
    const declared = schemaOf(rule).properties;
    const properties = isJsonObject(declared) ? declared : {};
    // A renamed property would otherwise silently switch the rule off.
    const unknown = rule.properties.filter((name) => !(name in properties));
    if (unknown.length > 0)
      throw new Error(`Overlay names unknown properties of ${rule.schema}: ${unknown.join(', ')}`);
  }
  return copy;
}

/**
 * The overlay's exclusions broken by a body whose schema is `schemaRef` ("#/components/schemas/X"),
 * one message per rule: `body: "poll" and "media" cannot be sent together (…)`.
 */
export function exclusionProblems(
  overlay: OpenApiOverlay | undefined,
  schemaRef: unknown,
  body: unknown,
  where = 'body',
): string[] {
  const name = typeof schemaRef === 'string' ? SCHEMA_REF.exec(schemaRef)?.[1] : undefined;
  if (!name || !isJsonObject(body)) return [];
  const messages: string[] = [];
  for (const rule of overlay?.mutuallyExclusive ?? []) {
    if (rule.schema !== name) continue;
    const sent = rule.properties.filter((property) => body[property] !== undefined);
    if (sent.length < 2) continue;
    const listed = sent.map((property) => `"${property}"`);
    messages.push(
      `${where}: ${listed.slice(0, -1).join(', ')} and ${listed[listed.length - 1]} cannot be sent together ` +
        `(at most one of ${rule.properties.join(', ')})`,
    );
  }
  return messages;
}
