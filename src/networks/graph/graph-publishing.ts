import { arrayField, isRecord, JsonRecord, stringField } from '../http/json-fields';
import { GraphApi } from './graph-api';

/**
 * Publishing calls shared by the Graph hosts (Facebook Pages, Instagram). Tokens travel in the
 * form body of a POST, never in a URL that a proxy or log could keep.
 */

/** `POST {path}` with form parameters and the token; the answer as a record. */
export async function graphPost(
  api: GraphApi,
  path: string,
  accessToken: string,
  form: Record<string, string | undefined>,
): Promise<JsonRecord> {
  const body = await api.send({ method: 'POST', url: api.url(path), form: { ...form, access_token: accessToken } });
  if (!isRecord(body)) throw api.unexpected(`POST ${path} answered without an object`);
  return body;
}

/** `GET {path}` with fields and the token; the answer as a record. */
export async function graphRead(
  api: GraphApi,
  path: string,
  accessToken: string,
  query: Record<string, string>,
): Promise<JsonRecord> {
  const body = await api.get(path, { ...query, access_token: accessToken });
  if (!isRecord(body)) throw api.unexpected(`GET ${path} answered without an object`);
  return body;
}

/** The id a creating call answered with. */
export function createdId(api: GraphApi, body: JsonRecord, what: string, key = 'id'): string {
  const id = stringField(body, key);
  if (!id) throw api.unexpected(`no ${key} in the answer to ${what}`);
  return id;
}

/** The entries of an edge's first page (`{"data":[…]}`), newest first where the edge is ordered so. */
export async function graphEdge(
  api: GraphApi,
  path: string,
  accessToken: string,
  query: Record<string, string>,
): Promise<JsonRecord[]> {
  const body = await graphRead(api, path, accessToken, query);
  const data = arrayField(body, 'data');
  if (!data) throw api.unexpected(`no data in GET ${path}`);
  return data.filter(isRecord);
}

/**
 * The id of the newest entry of a newest-first edge whose `textField` is exactly `text`: how a
 * resumed attempt finds what a cut-off call may have made. Something without text cannot be
 * recognised this way, so none is looked for. `fields` must include `id` and `textField`.
 */
export async function newestWithText(
  api: GraphApi,
  path: string,
  accessToken: string,
  query: { fields: string; limit: string },
  textField: string,
  text: string,
): Promise<string | undefined> {
  if (!text) return undefined;
  const entries = await graphEdge(api, path, accessToken, query);
  const match = entries.find((entry) => stringField(entry, textField) === text);
  return match ? stringField(match, 'id') : undefined;
}

/** `/{id}` with the id encoded, so that an id from storage cannot change the path. */
export function node(id: string, edge?: string): string {
  return `/${encodeURIComponent(id)}${edge ? `/${edge}` : ''}`;
}

/** A list of ids kept in a delivery's progress JSON; anything that is not a string is ignored. */
export function progressStrings(progress: JsonRecord, key: string): string[] {
  return (arrayField(progress, key) ?? []).filter((item): item is string => typeof item === 'string');
}
