// Compiles the JSON Schemas of one OpenAPI 3.0 document with Ajv. The document's components are
// registered once under an id so every `#/components/...` $ref (nested ones too) resolves, and inline
// schemas are rewritten to point there. Ajv runs with strict: false so OpenAPI-only keywords
// (discriminator, example, xml) are ignored, while additionalProperties: false and `nullable` still hold.
import Ajv, { ErrorObject, ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { isJsonObject, JsonObject, JsonValue } from '../json';

const DOCUMENT_ID = 'openapi-document';

export class OpenApiSchemas {
  private readonly strict: Ajv;
  /** Query strings and form fields arrive as text: this instance coerces "10" to 10 before checking. */
  private readonly coercing: Ajv;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(components: JsonObject) {
    this.strict = OpenApiSchemas.ajv(false, components);
    this.coercing = OpenApiSchemas.ajv(true, components);
  }

  private static ajv(coerce: boolean, components: JsonObject): Ajv {
    const ajv = new Ajv({ strict: false, allErrors: true, verbose: true, coerceTypes: coerce ? 'array' : false });
    addFormats(ajv);
    ajv.addSchema({ $id: DOCUMENT_ID, components });
    return ajv;
  }

  /** Validates a copy of `value` (coercion would otherwise change the caller's data); [] when it conforms. */
  validate(schema: JsonValue, value: unknown, options: { coerce: boolean }): ErrorObject[] {
    const key = `${options.coerce ? 'c' : 's'}:${JSON.stringify(schema)}`;
    let validator = this.compiled.get(key);
    if (!validator) {
      validator = (options.coerce ? this.coercing : this.strict).compile(pointAtDocument(schema) as object);
      this.compiled.set(key, validator);
    }
    const copy = value === undefined ? undefined : structuredClone(value);
    return validator(copy) ? [] : [...(validator.errors ?? [])];
  }

  /** Follows a `#/components/...` $ref to the object it names (for parameters and responses). */
  static resolve(document: JsonObject, value: JsonValue | undefined): JsonObject | undefined {
    let current = value;
    for (let hops = 0; isJsonObject(current) && typeof current.$ref === 'string' && hops < 10; hops++) {
      const path = current.$ref.replace(/^#\//, '').split('/');
      current = path.reduce<JsonValue | undefined>(
        (node, key) => (isJsonObject(node) ? node[key] : undefined),
        document,
      );
    }
    return isJsonObject(current) ? current : undefined;
  }
}

function pointAtDocument(schema: JsonValue): JsonValue {
  if (Array.isArray(schema)) return schema.map(pointAtDocument);
  if (!isJsonObject(schema)) return schema;
  const result: JsonObject = {};
  for (const [key, child] of Object.entries(schema)) {
    result[key] =
      key === '$ref' && typeof child === 'string' && child.startsWith('#/')
        ? `${DOCUMENT_ID}${child}`
        : pointAtDocument(child);
  }
  return result;
}

/** One line per Ajv error, naming the property and what the schema allows. */
export function describeErrors(where: string, errors: ErrorObject[]): string[] {
  return errors
    .filter((error) => error.keyword !== 'anyOf' && error.keyword !== 'oneOf' && error.keyword !== 'if')
    .map((error) => {
      const at = `${where}${error.instancePath.replace(/\//g, '.')}`;
      const params = error.params as Record<string, unknown>;
      if (error.keyword === 'additionalProperties')
        return `${at}: unknown property "${String(params.additionalProperty)}"`;
      if (error.keyword === 'required') return `${at}: missing required property "${String(params.missingProperty)}"`;
      if (error.keyword === 'enum') {
        return `${at}: ${JSON.stringify(error.data)} must be one of ${(params.allowedValues as unknown[]).join(', ')}`;
      }
      return `${at}: ${error.message ?? error.keyword}`;
    });
}
