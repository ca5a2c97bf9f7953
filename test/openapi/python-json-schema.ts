/**
 * The OpenAPI document's components.schemas as a JSON Schema (draft-07) with one definition per
 * schema: the input quicktype takes to write the Python SDK's models (python-models-source.ts).
 *
 * OpenAPI 3.0's own keywords become JSON Schema's: `nullable: true` and `{ enum: [null] }` become a
 * union with null (so the model's field is Optional), `$ref`s point into `definitions`, and the
 * keywords JSON Schema has no use for here (examples, discriminator, deprecated) are dropped.
 * Deprecated properties (the old snake_case twins of renamed fields) are left out, so that the
 * models carry one name per field: the SDK always sends the current one.
 *
 * Every object or enum written inline gets a title (its parent's name and the property's), so that
 * quicktype names its class after where it is, and never invents one.
 */
type Schema = Record<string, unknown>;

/** The discriminated unions (`oneOf` of $refs with a discriminator), which the models declare as a pydantic union. */
export interface DiscriminatedUnion {
  name: string;
  description?: string;
  propertyName: string;
  members: string[];
}

export interface PythonJsonSchema {
  /** A JSON Schema document whose definitions are the document's schemas, unions left out. */
  schema: { $schema: string; definitions: Record<string, Schema> };
  unions: DiscriminatedUnion[];
}

const REF_PREFIX = '#/components/schemas/';
const DROPPED = new Set(['example', 'examples', 'discriminator', 'deprecated', 'readOnly', 'writeOnly', 'xml']);

export function pythonJsonSchema(document: { components?: { schemas?: Record<string, unknown> } }): PythonJsonSchema {
  const definitions: Record<string, Schema> = {};
  const unions: DiscriminatedUnion[] = [];
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
    const union = discriminatedUnion(name, schema as Schema);
    if (union) unions.push(union);
    else definitions[name] = { ...convert(schema as Schema, name), title: name };
  }
  return { schema: { $schema: 'http://json-schema.org/draft-07/schema#', definitions }, unions };
}

function discriminatedUnion(name: string, schema: Schema): DiscriminatedUnion | undefined {
  const discriminator = schema.discriminator as { propertyName?: string } | undefined;
  const oneOf = schema.oneOf as Schema[] | undefined;
  if (!discriminator?.propertyName || !oneOf?.every((member) => typeof member.$ref === 'string')) return undefined;
  return {
    name,
    description: typeof schema.description === 'string' ? schema.description : undefined,
    propertyName: discriminator.propertyName,
    members: oneOf.map((member) => (member.$ref as string).slice(REF_PREFIX.length)),
  };
}

/** `title` names the class of an inline object or enum: its parent's name and its property's. */
function convert(schema: Schema, title: string): Schema {
  if (isNull(schema)) return { type: 'null' };
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DROPPED.has(key) || key === 'nullable') continue;
    if (key === '$ref') out.$ref = `#/definitions/${(value as string).slice(REF_PREFIX.length)}`;
    else if (key === 'properties') out.properties = convertProperties(value as Record<string, Schema>, title);
    else if (key === 'required')
      out.required = value; // kept as is: a dropped property may be named (never required)
    else if (key === 'items') out.items = convert(value as Schema, `${title}Item`);
    else if (key === 'additionalProperties' && typeof value === 'object' && value !== null)
      out.additionalProperties = convert(value as Schema, `${title}Value`);
    else if (key === 'allOf' || key === 'oneOf' || key === 'anyOf')
      out[key] = (value as Schema[]).map((member) => convert(member, title));
    else out[key] = value;
  }
  if (isInlineNamed(out)) out.title = title;
  return schema.nullable === true ? nullable(out) : out;
}

function convertProperties(properties: Record<string, Schema>, parent: string): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  for (const [name, schema] of Object.entries(properties)) {
    if (schema.deprecated === true) continue;
    out[name] = convert(schema, `${parent}${pascal(name)}`);
  }
  return out;
}

/** An object with properties or an enum gets a class of its own, so a name. */
function isInlineNamed(schema: Schema): boolean {
  return (schema.type === 'object' && schema.properties !== undefined) || Array.isArray(schema.enum);
}

function nullable(schema: Schema): Schema {
  const { description, title, ...rest } = schema;
  if (typeof rest.type === 'string' && !Array.isArray(rest.enum) && rest.properties === undefined)
    return { ...schema, type: [rest.type, 'null'] };
  return {
    ...(description === undefined ? {} : { description }),
    anyOf: [{ ...rest, ...(title === undefined ? {} : { title }) }, { type: 'null' }],
  };
}

function isNull(schema: Schema): boolean {
  return Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null;
}

function pascal(name: string): string {
  return name
    .split(/[_\-.\s]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}
