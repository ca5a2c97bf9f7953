import { isJsonObject, JsonObject } from '../contracts';
import type { ApiRequest } from './api-caller';
import { JsonSchemaOfOpenApi } from './json-schema-of-openapi';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Where a tool argument goes in the API request. */
type ArgumentPlace = { in: 'path' | 'query' } | { in: 'header'; header: string } | { in: 'body' };

/**
 * One operation of the API document, as a tool calls it: its arguments are the operation's path,
 * query and header parameters and its JSON body's fields, side by side (a header's name in
 * camelCase: `Idempotency-Key` is `idempotencyKey`), with the input schema the document gives them.
 */
export interface ApiOperation {
  operationId: string;
  method: ApiRequest['method'];
  pathTemplate: string;
  summary: string;
  description: string;
  inputSchema: JsonObject;
  /** Each argument's place in the request. */
  places: Map<string, ArgumentPlace>;
  /** Whether the operation takes a JSON body (unknown arguments then go in it, for the API to refuse by name). */
  hasBody: boolean;
}

/** Reads an operation of the document by its operationId; throws when the document lacks it (a tool naming a removed route). */
export function readOperation(document: JsonObject, operationId: string): ApiOperation {
  const found = findOperation(document, operationId);
  if (!found) throw new Error(`The API document has no operation ${operationId}`);
  const { method, pathTemplate, operation } = found;
  const schemas = new JsonSchemaOfOpenApi(document);
  const properties: JsonObject = {};
  const required: string[] = [];
  const places = new Map<string, ArgumentPlace>();
  const add = (name: string, schema: JsonObject, isRequired: boolean, place: ArgumentPlace) => {
    if (places.has(name)) throw new Error(`${operationId}: two arguments named ${name}`);
    places.set(name, place);
    properties[name] = schema;
    if (isRequired) required.push(name);
  };

  for (const parameter of Array.isArray(operation.parameters) ? operation.parameters : []) {
    if (!isJsonObject(parameter) || typeof parameter.name !== 'string' || parameter.deprecated === true) continue;
    const where = parameter.in;
    if (where !== 'path' && where !== 'query' && where !== 'header') continue;
    const name = where === 'header' ? camelCase(parameter.name) : parameter.name;
    const schema = { ...(schemas.convert(parameter.schema ?? {}) as JsonObject) };
    if (typeof parameter.description === 'string' && schema.description === undefined)
      schema.description = parameter.description;
    const place: ArgumentPlace = where === 'header' ? { in: 'header', header: parameter.name } : { in: where };
    add(name, schema, parameter.required === true || where === 'path', place);
  }

  const body = jsonBodySchema(operation);
  if (body) {
    const resolved = schemas.resolve(body);
    if (!resolved || !isJsonObject(resolved.properties))
      throw new Error(`${operationId}: its JSON body is not an object with properties`);
    const converted = schemas.convert(resolved) as JsonObject;
    const bodyRequired = new Set(Array.isArray(converted.required) ? converted.required : []);
    for (const [name, schema] of Object.entries(isJsonObject(converted.properties) ? converted.properties : {})) {
      add(name, isJsonObject(schema) ? schema : {}, bodyRequired.has(name), { in: 'body' });
    }
  }

  const defs = schemas.defsFor();
  const inputSchema: JsonObject = {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    ...(Object.keys(defs).length > 0 ? { $defs: defs } : {}),
  };
  return {
    operationId,
    method: method.toUpperCase() as ApiRequest['method'],
    pathTemplate,
    summary: typeof operation.summary === 'string' ? operation.summary : operationId,
    description: typeof operation.description === 'string' ? operation.description : '',
    inputSchema,
    places,
    hasBody: body !== undefined,
  };
}

/**
 * The API request of a tool call: each argument in its place, path parameters encoded, query values
 * as text. An argument the operation does not name goes in the body where there is one (the API
 * refuses it by name: "x is not an accepted field"); without a body it is refused here, as is a
 * missing path parameter. Everything else is the API's to check.
 */
export function requestOf(operation: ApiOperation, args: Record<string, unknown>): ApiRequest | { refused: string } {
  const query: Record<string, string> = {};
  const headers: Record<string, string> = {};
  const body: Record<string, unknown> = {};
  const unknown: string[] = [];
  let path = operation.pathTemplate;
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined) continue;
    const place = operation.places.get(name);
    if (!place) {
      if (operation.hasBody) body[name] = value;
      else unknown.push(name);
      continue;
    }
    if (place.in === 'body') body[name] = value;
    else if (place.in === 'path') path = path.replace(`{${name}}`, encodeURIComponent(textOf(value)));
    else if (place.in === 'query') query[name] = Array.isArray(value) ? value.map(textOf).join(',') : textOf(value);
    else if (place.in === 'header') headers[place.header] = textOf(value);
  }
  if (unknown.length > 0)
    return {
      refused: `${unknown.join(', ')}: not an argument (this tool takes ${[...operation.places.keys()].join(', ') || 'none'})`,
    };
  // A path parameter left out would name another route ("/posts/{id}"): it is required, said here.
  const missing = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  if (missing.length > 0) return { refused: `${missing.join(', ')}: required` };
  return {
    method: operation.method,
    path,
    ...(Object.keys(query).length > 0 ? { query } : {}),
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(operation.hasBody ? { body } : {}),
  };
}

function findOperation(
  document: JsonObject,
  operationId: string,
): { method: string; pathTemplate: string; operation: JsonObject } | undefined {
  const paths = isJsonObject(document.paths) ? document.paths : {};
  for (const [pathTemplate, item] of Object.entries(paths)) {
    if (!isJsonObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (isJsonObject(operation) && operation.operationId === operationId) return { method, pathTemplate, operation };
    }
  }
  return undefined;
}

function jsonBodySchema(operation: JsonObject): JsonObject | undefined {
  const body = operation.requestBody;
  if (!isJsonObject(body) || !isJsonObject(body.content)) return undefined;
  const json = body.content['application/json'];
  return isJsonObject(json) && isJsonObject(json.schema) ? json.schema : undefined;
}

function camelCase(header: string): string {
  const [first = '', ...rest] = header.split('-');
  return first.toLowerCase() + rest.map((part) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase()).join('');
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
