// Extracts the requests the service makes of Meta's official Threads API Postman collection
// (fbsamples/threads_api, postman/threads-api.postman_collection.json): each request whose method and
// path the manifest lists, with its query parameters (names, example values, descriptions, whether the
// example leaves it off) and its example answer, and the collection variables that enumerate values
// (scopes, media types, reply controls, metrics, fields). Meta publishes no OpenAPI for Threads; this
// collection is the one machine-readable description it keeps (its repository syncs it to Postman).
import { isJsonObject, JsonObject, JsonValue } from '../json';

export interface ThreadsOperationRef {
  method: string;
  /** The collection's path with its variables as `{name}`: `/me/threads`, `/{thread_id}/insights`. */
  path: string;
  usedFor: string;
}

export interface ThreadsQueryParam {
  key: string;
  value: string;
  description: string;
  /** The collection's example leaves it off: an optional parameter. */
  disabled: boolean;
}

export interface ThreadsOperation {
  name: string;
  method: string;
  path: string;
  query: ThreadsQueryParam[];
  exampleResponse?: JsonValue;
}

export interface ThreadsContractFile {
  'x-contract-source': {
    repository: string;
    path: string;
    commit: string;
    commitDate: string;
    retrieved: string;
    collectionLink?: string;
  };
  operations: ThreadsOperation[];
  variables: Record<string, string>;
}

/** Variables that enumerate what the API takes; the others are placeholders of one user's session. */
export const THREADS_ENUM_VARIABLES = [
  'scope',
  'media_type',
  'reply_control',
  'metrics_post',
  'metrics_account',
  'fields_threads',
  'fields_replies',
  'fields_profile',
  'fields_quota',
  'fields_container',
  'authorization_host',
  'api_host',
];

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** `{{api_host}}/me/threads` → `/me/threads`; `{{thread_id}}` → `{thread_id}`; empty segments dropped. */
export function postmanPath(url: JsonObject): string {
  const segments = Array.isArray(url.path) ? url.path.map(text) : [];
  return `/${segments
    .filter((segment) => segment !== '')
    .map((segment) => segment.replace(/^\{\{(\w+)\}\}$/, '{$1}'))
    .join('/')}`;
}

function requestsOf(items: JsonValue[]): JsonObject[] {
  return items.filter(isJsonObject).flatMap((item) => {
    if (Array.isArray(item.item)) return requestsOf(item.item);
    return isJsonObject(item.request) ? [item] : [];
  });
}

function exampleOf(item: JsonObject): JsonValue | undefined {
  const [first] = Array.isArray(item.response) ? item.response.filter(isJsonObject) : [];
  const body = first ? text(first.body).trim() : '';
  if (!body) return undefined;
  try {
    return JSON.parse(body) as JsonValue;
  } catch {
    // Some examples hold placeholders (`<string>`) and are not JSON: kept as written.
    return body;
  }
}

/** The manifest's operations as the collection describes them; throws when one is missing. */
export function extractThreadsSubset(
  collection: JsonObject,
  wanted: readonly ThreadsOperationRef[],
  source: ThreadsContractFile['x-contract-source'],
): ThreadsContractFile {
  const requests = requestsOf(Array.isArray(collection.item) ? collection.item : []);
  const operations: ThreadsOperation[] = [];
  for (const ref of wanted) {
    const matching = requests.filter((item) => {
      const request = item.request as JsonObject;
      return text(request.method) === ref.method && isJsonObject(request.url) && postmanPath(request.url) === ref.path;
    });
    if (matching.length === 0) throw new Error(`The collection has no ${ref.method} ${ref.path}`);
    for (const item of matching) {
      const request = item.request as JsonObject;
      const url = request.url as JsonObject;
      const query = (Array.isArray(url.query) ? url.query : []).filter(isJsonObject).map((param) => ({
        key: text(param.key),
        value: text(param.value),
        description: text(param.description),
        disabled: param.disabled === true,
      }));
      const example = exampleOf(item);
      operations.push({
        name: text(item.name),
        method: ref.method,
        path: ref.path,
        query,
        ...(example !== undefined ? { exampleResponse: example } : {}),
      });
    }
  }
  const variables = Object.fromEntries(
    (Array.isArray(collection.variable) ? collection.variable : [])
      .filter(isJsonObject)
      .filter((variable) => THREADS_ENUM_VARIABLES.includes(text(variable.key)))
      .map((variable) => [text(variable.key), text(variable.value)]),
  );
  const info = isJsonObject(collection.info) ? collection.info : {};
  const link = text(info._collection_link);
  return {
    'x-contract-source': { ...source, ...(link ? { collectionLink: link } : {}) },
    operations,
    variables,
  };
}
