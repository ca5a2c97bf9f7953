import { readContractJson } from '../../contracts';

/**
 * What X's OpenAPI document allows on the operations the emulator serves, read from the document
 * itself (contracts/x/openapi.json: xdevplatform/xdk `specs/openapi.json`, with its source, commit
 * and date), so that refreshing the contract moves the emulator with it: query parameters (names,
 * value lists, bounds) and request body properties. X answers 400 to a query parameter an
 * operation does not name.
 */

export type XQueryParameter =
  /** Comma-separated, each value in `values`, none twice, at least one (the spec's uniqueItems arrays). */
  | { kind: 'list'; values: readonly string[] }
  | { kind: 'integer'; minimum: number; maximum: number }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'date-time' }
  | { kind: 'string'; minLength?: number; maxLength?: number; pattern?: RegExp };

export interface XOperationQuery {
  required: readonly string[];
  query: Readonly<Record<string, XQueryParameter>>;
}

/** The operations the emulator serves, by its routes (`:id` where the document writes `{id}`). */
export const X_OPERATIONS = [
  'GET /2/users/me',
  'GET /2/tweets/:id',
  'GET /2/users/:id/tweets',
  'GET /2/tweets/search/recent',
  'GET /2/media/upload',
  'POST /2/tweets',
  'DELETE /2/tweets/:id',
  'POST /2/media/upload',
  'POST /2/media/upload/initialize',
  'POST /2/media/upload/:id/append',
  'POST /2/media/upload/:id/finalize',
  'POST /2/media/metadata',
] as const;
export type XOperation = (typeof X_OPERATIONS)[number];

interface Schema {
  $ref?: string;
  type?: string;
  enum?: string[];
  items?: Schema;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  properties?: Record<string, Schema>;
}
interface Parameter {
  $ref?: string;
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}
interface XDocument {
  paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
  components: { schemas: Record<string, Schema>; parameters?: Record<string, Parameter> };
}

const document = (): XDocument => readContractJson<XDocument>('x/openapi.json');
const last = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

function schemaOf(schema: Schema | undefined): Schema {
  let resolved = schema ?? {};
  while (resolved.$ref) resolved = document().components.schemas[last(resolved.$ref)] ?? {};
  return resolved;
}

function parameterOf(parameter: Parameter): Parameter {
  return parameter.$ref ? (document().components.parameters?.[last(parameter.$ref)] ?? parameter) : parameter;
}

/** The emulator's kind of check for one query parameter's schema. */
function queryParameter(schema: Schema): XQueryParameter {
  if (schema.type === 'array') return { kind: 'list', values: schemaOf(schema.items).enum ?? [] };
  if (schema.type === 'integer')
    return { kind: 'integer', minimum: schema.minimum ?? -Infinity, maximum: schema.maximum ?? Infinity };
  if (schema.enum) return { kind: 'enum', values: schema.enum };
  if (schema.format === 'date-time') return { kind: 'date-time' };
  return {
    kind: 'string',
    minLength: schema.minLength,
    maxLength: schema.maxLength,
    pattern: schema.pattern ? new RegExp(schema.pattern) : undefined,
  };
}

function operationQuery(operation: XOperation): XOperationQuery {
  const [method, route] = operation.split(' ') as [string, string];
  const template = route.replace(/:(\w+)/g, '{$1}');
  const spec = document().paths[template]?.[method.toLowerCase()];
  if (!spec) throw new Error(`contracts/x/openapi.json has no ${method} ${template}`);
  const parameters = (spec.parameters ?? []).map(parameterOf).filter((parameter) => parameter.in === 'query');
  return {
    required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
    query: Object.fromEntries(
      parameters.map((parameter) => [parameter.name, queryParameter(schemaOf(parameter.schema))]),
    ),
  };
}

const queries = new Map<XOperation, XOperationQuery>();

/** The query parameters of an operation, as X's document lists them. */
export function xOperationQuery(operation: XOperation): XOperationQuery {
  let query = queries.get(operation);
  if (!query) queries.set(operation, (query = operationQuery(operation)));
  return query;
}

/** The spec's pattern of a post, user or media id (PostId, UserId, MediaId). */
export const X_ID_PATTERN = new RegExp(schemaOf({ $ref: '#/components/schemas/PostId' }).pattern ?? '^[0-9]{1,19}$');

/** InitializeMediaUploadRequest.media_type: the only types a chunked upload may announce. */
export const X_INITIALIZE_MEDIA_TYPES: readonly string[] =
  schemaOf(schemaOf({ $ref: '#/components/schemas/InitializeMediaUploadRequest' }).properties?.media_type).enum ?? [];

/** CreatePostsPoll's bounds and CreatePostsRequest.reply_settings's values, as X's document states them. */
export const X_POST_OPTION_SCHEMA = (() => {
  const poll = schemaOf({ $ref: '#/components/schemas/CreatePostsPoll' }).properties ?? {};
  const request = schemaOf({ $ref: '#/components/schemas/CreatePostsRequest' }).properties ?? {};
  const choices = schemaOf(poll.options);
  const choice = schemaOf(choices.items);
  const minutes = schemaOf(poll.duration_minutes);
  return {
    pollProperties: Object.keys(poll),
    minChoices: choices.minItems ?? 2,
    maxChoices: choices.maxItems ?? 4,
    minChoiceLength: choice.minLength ?? 1,
    maxChoiceLength: choice.maxLength ?? 25,
    minMinutes: minutes.minimum ?? 5,
    maxMinutes: minutes.maximum ?? 10_080,
    replySettings: schemaOf(request.reply_settings).enum ?? [],
  };
})();

const propertiesOf = (name: string): readonly string[] =>
  Object.keys(schemaOf({ $ref: `#/components/schemas/${name}` }).properties ?? {});

/** The properties each request body may hold (every one of these schemas has additionalProperties: false). */
export const X_BODY_PROPERTIES = {
  createPost: propertiesOf('CreatePostsRequest'),
  createPostMedia: propertiesOf('CreatePostsMedia'),
  createPostReply: propertiesOf('CreatePostsReply'),
  createPostEditOptions: propertiesOf('CreatePostsEditOptions'),
  /** The one-request upload: no media_type. */
  mediaUpload: propertiesOf('MediaUploadRequest'),
  initializeUpload: propertiesOf('InitializeMediaUploadRequest'),
  appendUpload: propertiesOf('AppendMediaUploadRequest'),
} as const;

/** CreateMediaMetadataMetadataAltText.text's maxLength (1,000). */
export const X_ALT_TEXT_MAX_LENGTH =
  schemaOf(schemaOf({ $ref: '#/components/schemas/CreateMediaMetadataMetadataAltText' }).properties?.text).maxLength ??
  1000;
