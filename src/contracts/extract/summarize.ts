// What a refresh changed, in the words a reviewer needs: operations, parameters, schema properties,
// Graph APIs, params and fields added or removed (the file diff alone buries these in JSON noise).
import { isJsonObject, JsonObject } from '../json';
import { GraphNodeSpec } from '../graph/graph-spec';

export function summarizeXChange(before: JsonObject | undefined, after: JsonObject): string[] {
  const lines: string[] = [];
  const ops = (doc: JsonObject | undefined) => operationMap(doc);
  const [a, b] = [ops(before), ops(after)];
  diffSets('operation', [...a.keys()], [...b.keys()], lines);
  for (const [key, params] of b) {
    const old = a.get(key);
    if (old) diffSets(`${key} parameter`, old, params, lines);
  }
  const props = (doc: JsonObject | undefined) => schemaProperties(doc);
  const [pa, pb] = [props(before), props(after)];
  diffSets('schema', [...pa.keys()], [...pb.keys()], lines);
  for (const [name, list] of pb) {
    const old = pa.get(name);
    if (old) diffSets(`${name} property`, old, list, lines);
  }
  const enums = (doc: JsonObject | undefined) => enumValues(doc);
  const [ea, eb] = [enums(before), enums(after)];
  for (const [where, values] of eb) {
    const old = ea.get(where);
    if (old) diffSets(`${where} value`, old, values, lines);
  }
  return lines;
}

export function summarizeMetaChange(
  before: Record<string, GraphNodeSpec | undefined>,
  after: Record<string, GraphNodeSpec>,
): string[] {
  const lines: string[] = [];
  for (const [node, spec] of Object.entries(after)) {
    const old = before[node];
    if (!old) {
      lines.push(`+ node ${node}`);
      continue;
    }
    const apiKey = (api: { method: string; endpoint?: string }) => `${api.method} ${api.endpoint ?? '(node)'}`;
    diffSets(`${node} api`, old.apis.map(apiKey), spec.apis.map(apiKey), lines);
    diffSets(
      `${node} field`,
      old.fields.map((f) => f.name),
      spec.fields.map((f) => f.name),
      lines,
    );
    for (const api of spec.apis) {
      const previous = old.apis.find((o) => apiKey(o) === apiKey(api));
      if (previous) {
        diffSets(
          `${node} ${apiKey(api)} param`,
          previous.params.map((p) => p.name),
          api.params.map((p) => p.name),
          lines,
        );
      }
    }
  }
  for (const node of Object.keys(before)) if (!(node in after)) lines.push(`- node ${node}`);
  return lines;
}

function diffSets(what: string, before: Iterable<string>, after: Iterable<string>, out: string[]): void {
  const a = new Set(before);
  const b = new Set(after);
  for (const item of b) if (!a.has(item)) out.push(`+ ${what} ${item}`);
  for (const item of a) if (!b.has(item)) out.push(`- ${what} ${item}`);
}

function operationMap(doc: JsonObject | undefined): Map<string, string[]> {
  const result = new Map<string, string[]>();
  if (!doc || !isJsonObject(doc.paths)) return result;
  const parameters =
    isJsonObject(doc.components) && isJsonObject(doc.components.parameters) ? doc.components.parameters : {};
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!isJsonObject(item)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!isJsonObject(operation) || method === 'parameters') continue;
      const names = (Array.isArray(operation.parameters) ? operation.parameters : []).map((p) => {
        if (!isJsonObject(p)) return '?';
        if (typeof p.$ref === 'string') {
          const target = parameters[p.$ref.split('/').pop() as string];
          return isJsonObject(target) ? String(target.name) : p.$ref;
        }
        return String(p.name);
      });
      result.set(`${method.toUpperCase()} ${path}`, names);
    }
  }
  return result;
}

function schemaProperties(doc: JsonObject | undefined): Map<string, string[]> {
  const result = new Map<string, string[]>();
  const schemas = doc && isJsonObject(doc.components) ? doc.components.schemas : undefined;
  if (!isJsonObject(schemas)) return result;
  for (const [name, schema] of Object.entries(schemas)) {
    result.set(name, isJsonObject(schema) && isJsonObject(schema.properties) ? Object.keys(schema.properties) : []);
  }
  return result;
}

/** Every enum in components, keyed by where it sits ("CreatePostsRequest.reply_settings", "PostFieldsParameter"). */
function enumValues(doc: JsonObject | undefined): Map<string, string[]> {
  const result = new Map<string, string[]>();
  if (!doc || !isJsonObject(doc.components)) return result;
  const walk = (node: unknown, where: string): void => {
    if (!isJsonObject(node)) return;
    if (Array.isArray(node.enum)) result.set(where, node.enum.map(String));
    if (isJsonObject(node.items)) walk(node.items, where);
    if (isJsonObject(node.schema)) walk(node.schema, where);
    if (isJsonObject(node.properties)) {
      for (const [key, child] of Object.entries(node.properties)) walk(child, `${where}.${key}`);
    }
  };
  for (const section of ['schemas', 'parameters']) {
    const entries = doc.components[section];
    if (isJsonObject(entries)) for (const [name, node] of Object.entries(entries)) walk(node, name);
  }
  return result;
}
