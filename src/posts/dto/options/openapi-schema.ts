/** A JSON Schema value, as the networks state their options' (PostOptionsRules.schema). */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * A network's JSON Schema as an OpenAPI 3.0 schema object, for the document the service publishes
 * (`openapi: 3.0.0`): the one keyword the networks use that 3.0 does not take, `examples` (a list),
 * becomes `example` (its first value). Every other keyword they use (type, enum, bounds, pattern,
 * format, default, required, items, properties, additionalProperties) means the same in both.
 */
export function openApiSchemaOf(schema: unknown): Json {
  if (Array.isArray(schema)) return schema.map(openApiSchemaOf);
  if (typeof schema !== 'object' || schema === null) return schema as Json;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]): [string, Json] =>
      key === 'examples' && Array.isArray(value) ? ['example', value[0] as Json] : [key, openApiSchemaOf(value)],
    ),
  );
}
