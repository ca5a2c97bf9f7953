// Checks Graph API calls (Facebook Pages, Instagram) against Meta's codegen specs kept in
// contracts/meta: the node must have the edge and method; params must be known (bar the ones every
// Graph call takes), present when required and inside their enums; `fields=` must name fields or edges
// of the node it reads, nested selections included; insight metrics must not be ones Meta removed.
import { ContractViolation } from '../contract-violation';
import { readContractJson } from '../contracts-dir';
import { loadManifest } from '../manifest';
import { FieldSelection, FieldsSyntaxError, parseFields } from './graph-fields';
import { elementType, GraphApiSpec, GraphEnumType, GraphNodeSpec } from './graph-spec';
import {
  graphSupplements,
  GraphLogin,
  PermissionRow,
  permissionRows,
  RemovedMetric,
  removedMetrics,
} from './graph-tables';

export interface GraphCall {
  network: 'facebook' | 'instagram';
  /** A node name of the specs ("Page", "IGMedia") or an alias Meta's pages use ("Video", "IGContainer"). */
  node: string;
  method: string;
  /** The edge ("feed", "comments"); omitted for the node itself. */
  edge?: string;
  params: Record<string, string>;
}

export interface GraphPermissionQuery {
  login: GraphLogin;
  node: string;
  method: string;
  edge?: string | null;
}

/**
 * Parameters every Graph call takes, which the specs do not list per API: the token and its proof,
 * field selection, cursor paging, and the request options of Meta's "Using the Graph API" guide.
 */
export const UNIVERSAL_GRAPH_PARAMS = new Set([
  'access_token',
  'appsecret_proof',
  'appsecret_time',
  'fields',
  'limit',
  'after',
  'before',
  'pretty',
  'suppress_http_code',
  'method',
  'format',
  'locale',
  'date_format',
  'metadata',
  'debug',
]);

/** Edge reads may also ask for the edge's summary (total_count and the like). */
const EDGE_READ_PARAMS = new Set(['summary']);
const SCALAR_TYPES = /^(string|int|unsigned int|float|bool|datetime|id|numeric|timestamp)$/;

export class GraphContract {
  private static cached: GraphContract | undefined;

  private constructor(
    private readonly nodes: Map<string, GraphNodeSpec>,
    private readonly enums: Map<string, string[]>,
    private readonly aliases: Record<string, string>,
    private readonly returnOverrides: Map<string, string>,
    private readonly edgeFields: Map<string, string[]>,
  ) {}

  static load(): GraphContract {
    if (GraphContract.cached) return GraphContract.cached;
    const manifest = loadManifest();
    const nodes = new Map<string, GraphNodeSpec>();
    for (const name of Object.keys(manifest.meta.nodes)) {
      const spec = readContractJson<GraphNodeSpec>(`meta/specs/${name}.json`);
      nodes.set(name, { apis: [...spec.apis], fields: spec.fields });
    }
    const supplements = graphSupplements();
    for (const { node, api } of supplements.apis) nodes.get(node)?.apis.push(api);
    const enums = new Map(
      readContractJson<GraphEnumType[]>('meta/specs/enum_types.json').map((e) => [e.name, e.values]),
    );
    const returns = new Map(supplements.returns.map((r) => [apiKey(r.node, r.method, r.edge), r.return]));
    const edgeFields = new Map(supplements.edgeFields.map((e) => [`${e.node}/${e.edge}`, e.fields.map((f) => f.name)]));
    return (GraphContract.cached = new GraphContract(nodes, enums, manifest.meta.aliases, returns, edgeFields));
  }

  /** The codegen's name for a node ("Video" → "AdVideo"). */
  nodeName(node: string): string {
    return this.aliases[node] ?? node;
  }

  /** Whether the specs list this API (the node itself or one of its edges, with this method). */
  hasApi(node: string, method: string, edge?: string): boolean {
    const spec = this.nodes.get(this.nodeName(node));
    return spec !== undefined && findApi(spec, method.toUpperCase(), edge) !== undefined;
  }

  checkCall(call: GraphCall): ContractViolation[] {
    const node = this.nodeName(call.node);
    const method = call.method.toUpperCase();
    const operation = `${method} ${node}${call.edge ? `/${call.edge}` : ''}`;
    const violation = (message: string): ContractViolation => ({
      network: call.network,
      operation,
      kind: 'request',
      message,
    });
    const spec = this.nodes.get(node);
    if (!spec) return [violation(`node ${node} is not in the contract`)];
    const api = findApi(spec, method, call.edge);
    if (!api)
      return [violation(`${node} has no ${method} ${call.edge ? `edge "${call.edge}"` : 'on the node itself'}`)];

    const messages: string[] = [];
    const known = new Map(api.params.map((p) => [p.name, p]));
    for (const [name, value] of Object.entries(call.params)) {
      const param = known.get(name);
      if (!param) {
        const universal =
          UNIVERSAL_GRAPH_PARAMS.has(name) || (method === 'GET' && call.edge && EDGE_READ_PARAMS.has(name));
        if (!universal) messages.push(`unknown parameter "${name}"`);
        continue;
      }
      messages.push(...this.checkEnum(name, param.type, value));
      if (name === 'metric') messages.push(...metricMessages(value));
    }
    for (const param of api.params) {
      if (param.required && call.params[param.name] === undefined)
        messages.push(`missing required parameter "${param.name}"`);
    }
    if (call.params.fields !== undefined) {
      const target = this.returnType(node, method, call.edge, api);
      messages.push(...this.checkFields(call.params.fields, target, call.edge ? `${node}/${call.edge}` : undefined));
    }
    return messages.map(violation);
  }

  /** `fields=` against a node's fields and edges; `edgeKey` ("User/accounts") adds the fields that edge adds. */
  checkFields(expression: string, node: string, edgeKey?: string): string[] {
    let selections: FieldSelection[];
    try {
      selections = parseFields(expression);
    } catch (error) {
      if (error instanceof FieldsSyntaxError) return [`fields: ${error.message}`];
      throw error;
    }
    return this.checkSelections(selections, this.nodeName(node), 'fields', edgeKey);
  }

  /** Top-level keys of an answer that are not fields of the node; for an edge read, the items of `data`. */
  checkNodeResponse(node: string, body: unknown, edge?: string): ContractViolation[] {
    const name = this.nodeName(node);
    const operation = `GET ${name}${edge ? `/${edge}` : ''}`;
    const violation = (message: string): ContractViolation => ({
      network: networkOf(name),
      operation,
      kind: 'response',
      message,
    });
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return [violation('the answer is not an object')];
    const spec = this.nodes.get(name);
    if (!spec) return [violation(`node ${name} is not in the contract`)];
    if (!edge) return this.unknownKeys(body, name).map((key) => violation(`"${key}" is not a field of ${name}`));
    const api = findApi(spec, 'GET', edge);
    if (!api) return [violation(`${name} has no GET edge "${edge}"`)];
    const messages = Object.keys(body)
      .filter((key) => !['data', 'paging', 'summary'].includes(key))
      .map((key) => `"${key}" is not part of an edge answer (data, paging, summary)`);
    const items = (body as { data?: unknown }).data;
    const target = this.returnType(name, 'GET', edge, api);
    if (Array.isArray(items)) {
      for (const item of items) {
        if (typeof item !== 'object' || item === null) continue;
        for (const key of this.unknownKeys(item, target, `${name}/${edge}`))
          messages.push(`data[]."${key}" is not a field of ${target}`);
      }
    }
    return [...new Set(messages)].map(violation);
  }

  requiredPermissions(query: GraphPermissionQuery): string[][] | undefined {
    return this.permissionRow(query)?.anyOf;
  }

  /** Whether the table's row for the call states what a reference page says (not inferred). */
  permissionVerified(query: GraphPermissionQuery): boolean {
    return this.permissionRow(query)?.verified !== false;
  }

  private permissionRow(query: GraphPermissionQuery): PermissionRow | undefined {
    const node = this.nodeName(query.node);
    return permissionRows().find(
      (r) =>
        r.login === query.login &&
        r.node === node &&
        r.method === query.method.toUpperCase() &&
        r.edge === (query.edge ?? null),
    );
  }

  /** A permission violation when the granted permissions satisfy none of the table's alternatives. */
  checkPermissions(
    query: GraphPermissionQuery & { network: 'facebook' | 'instagram'; granted: string[] },
  ): ContractViolation[] {
    const anyOf = this.requiredPermissions(query);
    if (!anyOf) return [];
    const granted = new Set(query.granted);
    if (anyOf.some((set) => set.every((permission) => granted.has(permission)))) return [];
    const operation = `${query.method.toUpperCase()} ${this.nodeName(query.node)}${query.edge ? `/${query.edge}` : ''}`;
    const missing = anyOf.map((set) => set.filter((p) => !granted.has(p)).join(', ')).join(' | or | ');
    return [{ network: query.network, operation, kind: 'permission', message: `missing permissions: ${missing}` }];
  }

  removedMetric(name: string): RemovedMetric | undefined {
    return removedMetrics().find((metric) => metric.name === name);
  }

  private returnType(node: string, method: string, edge: string | undefined, api: GraphApiSpec): string {
    return this.returnOverrides.get(apiKey(node, method, edge ?? null)) ?? elementType(api.return);
  }

  private fieldNames(node: string, edgeKey?: string): Map<string, string> | undefined {
    const spec = this.nodes.get(node);
    if (!spec) return undefined;
    const names = new Map<string, string>([['id', 'string']]);
    for (const field of spec.fields) names.set(field.name, field.type);
    for (const api of spec.apis) {
      if (api.method === 'GET' && api.endpoint)
        names.set(api.endpoint, this.returnType(node, 'GET', api.endpoint, api));
    }
    for (const extra of edgeKey ? (this.edgeFields.get(edgeKey) ?? []) : []) names.set(extra, 'string');
    return names;
  }

  private checkSelections(selections: FieldSelection[], node: string, where: string, edgeKey?: string): string[] {
    const names = this.fieldNames(node, edgeKey);
    if (!names) return []; // a type the contract does not hold (e.g. Object): nothing to check against
    const messages: string[] = [];
    for (const selection of selections) {
      const type = names.get(selection.name);
      if (type === undefined) {
        messages.push(`${where}: "${selection.name}" is neither a field nor an edge of ${node}`);
        continue;
      }
      if (!selection.children) continue;
      const nested = elementType(type);
      if (SCALAR_TYPES.test(nested)) messages.push(`${where}: "${selection.name}" (${type}) has no subfields`);
      else messages.push(...this.checkSelections(selection.children, nested, `${where}.${selection.name}`));
    }
    return messages;
  }

  private unknownKeys(body: object, node: string, edgeKey?: string): string[] {
    const names = this.fieldNames(node, edgeKey);
    return names ? Object.keys(body).filter((key) => !names.has(key)) : [];
  }

  private checkEnum(name: string, type: string, value: string): string[] {
    const values = this.enums.get(elementType(type));
    if (!values) return [];
    const given = type.startsWith('list<') ? value.split(',').map((v) => v.trim()) : [value];
    return given
      .filter((v) => !values.includes(v))
      .map((v) => `parameter "${name}": "${v}" is not one of ${values.join(', ')}`);
  }
}

function findApi(spec: GraphNodeSpec, method: string, edge: string | undefined): GraphApiSpec | undefined {
  return spec.apis.find((api) => api.method === method && (edge ? api.endpoint === edge : !api.endpoint));
}

function apiKey(node: string, method: string, edge: string | null): string {
  return `${node} ${method.toUpperCase()} ${edge ?? ''}`;
}

function metricMessages(value: string): string[] {
  return value
    .split(',')
    .map((name) => name.trim())
    .flatMap((name) => {
      const removed = removedMetrics().find((metric) => metric.name === name);
      if (!removed) return [];
      const instead = removed.replacement ? `; use ${removed.replacement}` : '';
      return [
        `metric "${name}" was removed by Meta${removed.removed ? ` on ${removed.removed}` : ''}${instead} (${removed.source})`,
      ];
    });
}

function networkOf(node: string): 'facebook' | 'instagram' {
  return /^(IG|Instagram|ShadowIG)/.test(node) ? 'instagram' : 'facebook';
}
