// Turns the discovery document's schemas (Google's own dialect: `$ref: "Video"`, `type: "any"`,
// `format: "uint64"` on strings, `readOnly`, `annotations`) into JSON Schemas Ajv checks. An object
// with `properties` takes no other property: YouTube answers 400 for an unknown field in a body.
import Ajv, { ErrorObject, ValidateFunction } from 'ajv';
import { isJsonObject, JsonObject, JsonValue } from '../json';

const DOCUMENT_ID = 'youtube-discovery';
/** Discovery's annotations, which are not validation keywords (or mean something else to Ajv). */
const DROPPED = new Set([
  'id',
  'description',
  'format',
  'annotations',
  'readOnly',
  'enumDescriptions',
  'enumDeprecated',
  'deprecated',
  'default',
  'location',
  'repeated',
  'required',
  'minimum',
  'maximum',
]);

export class YouTubeSchemas {
  private readonly ajv = new Ajv({ strict: false, allErrors: true, verbose: true });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(schemas: JsonObject) {
    const definitions = Object.fromEntries(
      Object.entries(schemas).map(([name, schema]) => [name, toJsonSchema(schema)]),
    );
    this.ajv.addSchema({ $id: DOCUMENT_ID, definitions });
  }

  /** [] when `value` is a `name` (a schema of the document). */
  validate(name: string, value: unknown): ErrorObject[] {
    let validator = this.compiled.get(name);
    if (!validator) {
      validator = this.ajv.compile({ $ref: `${DOCUMENT_ID}#/definitions/${name}` });
      this.compiled.set(name, validator);
    }
    return validator(value) ? [] : [...(validator.errors ?? [])];
  }
}

function toJsonSchema(schema: JsonValue): JsonValue {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!isJsonObject(schema)) return schema;
  const result: JsonObject = {};
  for (const [key, child] of Object.entries(schema)) {
    if (DROPPED.has(key)) continue;
    if (key === '$ref' && typeof child === 'string') result.$ref = `${DOCUMENT_ID}#/definitions/${child}`;
    else if (key === 'type' && child === 'any') continue;
    else if (key === 'properties' && isJsonObject(child))
      result.properties = Object.fromEntries(Object.entries(child).map(([name, value]) => [name, toJsonSchema(value)]));
    else result[key] = toJsonSchema(child);
  }
  if (isJsonObject(result.properties) && result.additionalProperties === undefined) result.additionalProperties = false;
  return result;
}
