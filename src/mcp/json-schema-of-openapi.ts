import { isJsonObject, JsonObject, JsonValue } from '../contracts';

const COMPONENT_SCHEMA = '#/components/schemas/';
/** OpenAPI's own keywords, which mean nothing in JSON Schema (the schemas a discriminator names are in its oneOf). */
const OPENAPI_ONLY = new Set(['discriminator', 'xml', 'externalDocs', 'nullable', 'example']);

/**
 * Turns OpenAPI 3.0 schemas into JSON Schema (draft 2020-12, what MCP tools declare), so that a
 * tool's input schema is the API document's own, not a second copy: `nullable` becomes a `null`
 * type, `example` an `examples` list, a boolean `exclusiveMinimum` the number it qualifies, and every
 * `#/components/schemas/X` a `#/$defs/X` carried with the schema. Deprecated properties are left
 * out: an agent should use the names that stay. One converter per tool, so that a tool's `$defs`
 * hold only what its own schema refers to.
 */
export class JsonSchemaOfOpenApi {
  private readonly components: JsonObject;
  /** Component schemas named so far, converted once each. */
  private readonly defs = new Map<string, JsonObject>();

  constructor(document: JsonObject) {
    const components = isJsonObject(document.components) ? document.components : {};
    this.components = isJsonObject(components.schemas) ? components.schemas : {};
  }

  /** A component schema by name, converted (its own `$defs` come with convertedDefs). */
  component(name: string): JsonObject {
    const schema = this.components[name];
    if (!isJsonObject(schema)) throw new Error(`The API document has no schema ${name}`);
    return this.convert(schema) as JsonObject;
  }

  /** Follows a schema's `$ref` to the component it names (one level: the document never chains them). */
  resolve(schema: JsonValue | undefined): JsonObject | undefined {
    if (!isJsonObject(schema)) return undefined;
    if (typeof schema.$ref !== 'string') return schema;
    if (!schema.$ref.startsWith(COMPONENT_SCHEMA)) return undefined;
    const target = this.components[schema.$ref.slice(COMPONENT_SCHEMA.length)];
    return isJsonObject(target) ? target : undefined;
  }

  /** One schema in JSON Schema; every component it refers to is converted too (see defsFor). */
  convert(schema: JsonValue): JsonValue {
    if (Array.isArray(schema)) return schema.map((item) => this.convert(item));
    if (!isJsonObject(schema)) return schema;
    if (typeof schema.$ref === 'string') return { $ref: this.defRef(schema.$ref) };
    const result: JsonObject = {};
    for (const [key, value] of Object.entries(schema)) {
      if (OPENAPI_ONLY.has(key)) continue;
      if (key === 'properties' && isJsonObject(value)) result.properties = this.properties(value);
      else if (key === 'required' && Array.isArray(value)) {
        const kept = value.filter((name) => typeof name === 'string' && !isDeprecated(schema, name));
        if (kept.length > 0) result.required = kept;
      } else if ((key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typeof value === 'boolean') {
        const bound = key === 'exclusiveMinimum' ? 'minimum' : 'maximum';
        if (value && typeof schema[bound] === 'number') result[key] = schema[bound];
      } else result[key] = this.convert(value);
    }
    for (const bound of ['minimum', 'maximum'] as const) {
      const exclusive = bound === 'minimum' ? 'exclusiveMinimum' : 'exclusiveMaximum';
      if (schema[exclusive] === true) delete result[bound];
    }
    if (schema.example !== undefined && schema.examples === undefined) result.examples = [schema.example];
    return schema.nullable === true ? admitNull(result) : result;
  }

  /** The `$defs` of every schema converted so far, and of what those refer to in turn (one converter per tool). */
  defsFor(): JsonObject {
    return Object.fromEntries(this.defs);
  }

  private properties(properties: JsonObject): JsonObject {
    const kept: JsonObject = {};
    for (const [name, property] of Object.entries(properties)) {
      if (isJsonObject(property) && property.deprecated === true) continue;
      kept[name] = this.convert(property);
    }
    return kept;
  }

  private defRef(ref: string): string {
    if (!ref.startsWith(COMPONENT_SCHEMA)) throw new Error(`A $ref outside the document's schemas: ${ref}`);
    const name = ref.slice(COMPONENT_SCHEMA.length);
    if (!this.defs.has(name)) {
      const schema = this.components[name];
      if (!isJsonObject(schema)) throw new Error(`The API document has no schema ${name}`);
      // Set before converting, so a schema that refers to itself ends.
      this.defs.set(name, {});
      this.defs.set(name, this.convert(schema) as JsonObject);
    }
    return `#/$defs/${name}`;
  }
}

function isDeprecated(schema: JsonObject, name: string): boolean {
  const properties = isJsonObject(schema.properties) ? schema.properties : {};
  const property = properties[name];
  return isJsonObject(property) && property.deprecated === true;
}

/** OpenAPI 3.0's `nullable: true`, in JSON Schema: null is one more type (or one more branch). */
function admitNull(schema: JsonObject): JsonObject {
  if (typeof schema.type === 'string') {
    const admitted: JsonObject = { ...schema, type: [schema.type, 'null'] };
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) admitted.enum = [...schema.enum, null];
    return admitted;
  }
  return { anyOf: [schema, { type: 'null' }] };
}
