// The manifest (contracts/manifest.json) is the one list of the networks' operations the service calls:
// the refresh script extracts exactly these from the published specs and the checkers read it.
import { readContractJson } from './contracts-dir';
import type { ThreadsOperationRef } from './extract/threads-subset';

export type HttpMethod = 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH';

export interface XOperationRef {
  method: HttpMethod;
  path: string;
  usedFor: string;
}

export interface ContractsManifest {
  retrieved: string;
  x: { repository: string; path: string; defaultSource: string; operations: XOperationRef[] };
  threads: { repository: string; path: string; defaultSource: string; operations: ThreadsOperationRef[] };
  /** Pinterest API v5: operations of its OpenAPI description, in the same shape as X's. */
  pinterest: { repository: string; path: string; defaultSource: string; operations: XOperationRef[] };
  meta: {
    repository: string;
    path: string;
    sdk: { repository: string; path: string };
    /** Node name → the APIs used, each "METHOD" (the node itself) or "METHOD edge"; [] keeps fields only. */
    nodes: Record<string, string[]>;
    /** The names Meta's reference pages use → the codegen's node names (e.g. Video → AdVideo). */
    aliases: Record<string, string>;
  };
}

export function loadManifest(): ContractsManifest {
  return readContractJson<ContractsManifest>('manifest.json');
}

/** "POST feed" → { method: 'POST', edge: 'feed' }; "GET" → { method: 'GET', edge: null }. */
export function parseApiRef(ref: string): { method: HttpMethod; edge: string | null } {
  const [method, edge] = ref.trim().split(/\s+/, 2);
  return { method: method.toUpperCase() as HttpMethod, edge: edge ?? null };
}
