import request from 'supertest';
import { Server } from 'node:http';

/** The JSON Schema subset the service's OpenAPI document uses. */
export interface SchemaObject {
  $ref?: string;
  type?: string;
  properties?: Record<string, SchemaObject>;
  items?: SchemaObject;
  required?: string[];
  enum?: unknown[];
  example?: unknown;
  allOf?: SchemaObject[];
}

export interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The path as the document writes it, e.g. /api/v1/posts/{id}. */
  path: string;
  pathParams: string[];
  queryParams: Array<{ name: string; schema?: SchemaObject }>;
  headerParams: string[];
  /** The JSON body's schema, its $refs resolved one level at a time by `resolve`. */
  body?: SchemaObject;
  /** The statuses the document lists for this operation. */
  statuses: number[];
  secured: boolean;
}

export interface ApiDocument {
  operations: Operation[];
  resolve(schema: SchemaObject | undefined): SchemaObject | undefined;
}

interface RawOperation {
  parameters?: Array<{ name: string; in: string; schema?: SchemaObject }>;
  requestBody?: { content?: Record<string, { schema?: SchemaObject }> };
  responses: Record<string, unknown>;
  security?: unknown[];
}

/** Every route and method of the running app's own OpenAPI document (GET /api/docs.json). */
export async function loadApiDocument(server: Server): Promise<ApiDocument> {
  const response = await request(server).get('/api/docs.json');
  if (response.status !== 200) throw new Error(`/api/docs.json answered ${response.status}`);
  const document = response.body as {
    paths: Record<string, Record<string, RawOperation>>;
    components: { schemas: Record<string, SchemaObject> };
  };
  const resolve = (schema: SchemaObject | undefined): SchemaObject | undefined => {
    if (!schema) return undefined;
    if (schema.$ref) return resolve(document.components.schemas[schema.$ref.replace('#/components/schemas/', '')]);
    if (schema.allOf?.length === 1) return resolve(schema.allOf[0]);
    return schema;
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      const parameters = raw.parameters ?? [];
      operations.push({
        method: method as Operation['method'],
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
        headerParams: parameters.filter((p) => p.in === 'header').map((p) => p.name),
        body: resolve(raw.requestBody?.content?.['application/json']?.schema),
        statuses: Object.keys(raw.responses).map(Number),
        secured: (raw.security ?? []).length > 0,
      });
    }
  }
  return { operations, resolve };
}

/** The operation's path with its parameters filled in (values inserted as given: encode them first). */
export function fillPath(operation: Operation, values: Record<string, string>): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`No value for {${name}} in ${operation.path}`);
    return values[name]!;
  });
}

export const operationName = (operation: Operation): string => `${operation.method.toUpperCase()} ${operation.path}`;
