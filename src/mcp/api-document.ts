import { isJsonObject, JsonObject } from '../contracts';
import type { ApiCaller } from './api-caller';
import { DocPages } from './docs-pages';
import { McpTools } from './mcp-tools';

/** Where the service serves its OpenAPI document (without a key). */
export const API_DOCUMENT_PATH = '/api/docs.json';

/** What every session of one service shares: the tools read from its document, and the docs pages. */
export interface McpCatalogue {
  tools: McpTools;
  docs: DocPages;
  version: string;
}

/**
 * Reads the service's own OpenAPI document, as it serves it, and the tools from it: the tools
 * always describe the API they call, whichever version of the service that is.
 */
export async function loadCatalogue(caller: ApiCaller, docs = new DocPages()): Promise<McpCatalogue> {
  const answer = await caller.call({ method: 'GET', path: API_DOCUMENT_PATH });
  if (answer.status !== 200 || !isJsonObject(answer.body))
    throw new Error(`GET ${API_DOCUMENT_PATH} answered ${answer.status}: the service's API document is needed`);
  const document: JsonObject = answer.body;
  const info = isJsonObject(document.info) ? document.info : {};
  return { tools: new McpTools(document), docs, version: typeof info.version === 'string' ? info.version : 'v1' };
}
