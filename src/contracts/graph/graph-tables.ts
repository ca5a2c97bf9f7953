// The hand-written tables that sit beside Meta's specs: permissions per call (permissions.json),
// removed insight metrics (removed-metrics.json) and corrections to the codegen (supplements.json).
import { readContractJson } from '../contracts-dir';
import { GraphApiSpec, GraphFieldSpec } from './graph-spec';

export type GraphLogin = 'facebook' | 'instagram_login' | 'instagram_facebook_login';

export interface PermissionRow {
  node: string;
  method: string;
  edge: string | null;
  login: GraphLogin;
  /** Alternatives; each inner list must be granted whole. [[]] means none is needed. */
  anyOf: string[][];
  source: string;
  tasks?: string[];
  note?: string;
  /** false: no reference page states it directly (see note). */
  verified?: boolean;
}

export interface RemovedMetric {
  name: string;
  scope: string;
  removed: string | null;
  replacement: string | null;
  source: string;
  note?: string;
}

export interface GraphSupplements {
  apis: { node: string; api: GraphApiSpec; why: string; source: string }[];
  returns: { node: string; method: string; edge: string | null; return: string; why: string; source?: string }[];
  edgeFields: { node: string; edge: string; fields: GraphFieldSpec[]; why: string; source: string }[];
}

export function permissionRows(): PermissionRow[] {
  return readContractJson<{ rows: PermissionRow[] }>('meta/permissions.json').rows;
}

export function removedMetrics(): RemovedMetric[] {
  return readContractJson<{ removed: RemovedMetric[] }>('meta/removed-metrics.json').removed;
}

export function graphSupplements(): GraphSupplements {
  return readContractJson<GraphSupplements>('meta/supplements.json');
}
