// Cuts Google's discovery document for the YouTube Data API v3 down to the methods the service calls
// (contracts/youtube/methods.json) and the schemas their requests and answers reach
// through `$ref`, transitively. The document is Google's own machine-readable description of the API
// (https://youtube.googleapis.com/$discovery/rest?version=v3); its client libraries are generated from
// it, and google/googleapis.dart keeps the copies it generates from in git, which dates them.
import { isJsonObject, JsonObject, JsonValue } from '../json';

export interface YouTubeDiscoverySource {
  /** Where the document is published (the discovery service). */
  published: string;
  repository: string;
  path: string;
  commit: string;
  commitDate: string;
  retrieved: string;
}

/** A method the manifest lists: `videos.insert` is resource `videos`, method `insert`. */
export interface YouTubeMethodRef {
  id: string;
  usedFor: string;
}

export interface YouTubeDiscoveryFile extends JsonObject {
  'x-contract-source': YouTubeDiscoverySource & JsonObject;
}

/** The top-level fields kept whole: what the API is, where it lives, and the parameters every method takes. */
const KEPT_FIELDS = ['id', 'name', 'version', 'revision', 'title', 'rootUrl', 'servicePath', 'baseUrl', 'batchPath'];

export function extractYouTubeSubset(
  document: JsonObject,
  methods: YouTubeMethodRef[],
  source: YouTubeDiscoverySource,
): YouTubeDiscoveryFile {
  const resources = isJsonObject(document.resources) ? document.resources : {};
  const schemas = isJsonObject(document.schemas) ? document.schemas : {};
  const keptResources: JsonObject = {};
  const reached = new Set<string>();
  const missing: string[] = [];
  for (const { id } of methods) {
    const [resource, method] = id.split('.');
    const found = methodOf(resources, resource!, method!);
    if (!found) {
      missing.push(id);
      continue;
    }
    const kept = isJsonObject(keptResources[resource!]) ? (keptResources[resource!] as JsonObject) : { methods: {} };
    (kept.methods as JsonObject)[method!] = found;
    keptResources[resource!] = kept;
    collectRefs(found.request, schemas, reached);
    collectRefs(found.response, schemas, reached);
  }
  if (missing.length) throw new Error(`The discovery document has no method ${missing.join(', ')}`);
  const scopes = new Set(
    Object.values(keptResources).flatMap((resource) =>
      Object.values((resource as JsonObject).methods as JsonObject).flatMap((method) =>
        Array.isArray((method as JsonObject).scopes) ? ((method as JsonObject).scopes as string[]) : [],
      ),
    ),
  );
  const allScopes = isJsonObject(document.auth) && isJsonObject(document.auth.oauth2) ? document.auth.oauth2 : {};
  const scopeTable = isJsonObject(allScopes.scopes) ? allScopes.scopes : {};
  return {
    'x-contract-source': { ...source },
    ...Object.fromEntries(KEPT_FIELDS.filter((key) => document[key] !== undefined).map((key) => [key, document[key]!])),
    auth: {
      oauth2: { scopes: Object.fromEntries(Object.entries(scopeTable).filter(([scope]) => scopes.has(scope))) },
    },
    parameters: document.parameters ?? {},
    resources: keptResources,
    schemas: Object.fromEntries([...reached].sort().map((name) => [name, schemas[name]!])),
  };
}

function methodOf(resources: JsonObject, resource: string, method: string): JsonObject | undefined {
  const entry = resources[resource];
  if (!isJsonObject(entry) || !isJsonObject(entry.methods)) return undefined;
  const found = entry.methods[method];
  return isJsonObject(found) ? found : undefined;
}

function collectRefs(value: JsonValue | undefined, schemas: JsonObject, reached: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectRefs(item, schemas, reached);
    return;
  }
  if (!isJsonObject(value)) return;
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string') {
      if (reached.has(child)) continue;
      if (!isJsonObject(schemas[child])) throw new Error(`The discovery document has no schema ${child}`);
      reached.add(child);
      collectRefs(schemas[child], schemas, reached);
    } else collectRefs(child, schemas, reached);
  }
}
