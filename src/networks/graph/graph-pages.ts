import { GraphApi } from './graph-api';
import { arrayField, isRecord, JsonRecord, listField, recordField, stringField } from '../http/json-fields';

/** A Facebook Page from /me/accounts, with the Instagram business account linked to it, if any. */
export interface GraphPage {
  id: string;
  name: string;
  /** The Page token; made from a long-lived user token, it does not expire. */
  accessToken: string;
  tasks: string[];
  pictureUrl: string | null;
  instagramBusinessAccount?: { id: string; username?: string };
}

export interface GraphPageBatch {
  pages: GraphPage[];
  next?: string;
}

/** `picture{url}` arrives as `{"picture":{"data":{"url"}}}`. */
function pictureUrlOf(record: JsonRecord, key: string): string | null {
  const picture = recordField(record, key);
  if (!picture) return null;
  const data = recordField(picture, 'data') ?? picture;
  return stringField(data, 'url') ?? null;
}

function parsePage(api: GraphApi, entry: unknown): GraphPage {
  const id = isRecord(entry) ? stringField(entry, 'id') : undefined;
  const accessToken = isRecord(entry) ? stringField(entry, 'access_token') : undefined;
  if (!isRecord(entry) || !id || !accessToken)
    throw api.unexpected('a page without id or access_token in /me/accounts');
  const instagram = recordField(entry, 'instagram_business_account');
  const instagramId = instagram ? stringField(instagram, 'id') : undefined;
  return {
    id,
    name: stringField(entry, 'name') ?? id,
    accessToken,
    tasks: listField(entry, 'tasks'),
    pictureUrl: pictureUrlOf(entry, 'picture'),
    ...(instagram && instagramId
      ? { instagramBusinessAccount: { id: instagramId, username: stringField(instagram, 'username') } }
      : {}),
  };
}

/** `{"data":[…],"paging":{"cursors":{…},"next"?}}` of /me/accounts. */
export function parseGraphPages(api: GraphApi, body: unknown): GraphPageBatch {
  const data = isRecord(body) ? arrayField(body, 'data') : undefined;
  if (!isRecord(body) || !data) throw api.unexpected('no data in /me/accounts');
  const paging = recordField(body, 'paging');
  const next = paging ? stringField(paging, 'next') : undefined;
  return { pages: data.map((entry) => parsePage(api, entry)), ...(next ? { next } : {}) };
}

/** Page roles (`tasks`) that allow publishing as the Page. */
const PUBLISHING_TASKS = ['CREATE_CONTENT', 'MANAGE'];

/**
 * Whether the user may publish as the Page. A Page the user can only analyse or moderate would be
 * connected and then fail every post, so it is not offered. Without a `tasks` list (older answers)
 * the Page is kept and the network decides.
 */
export function canPublishAs(page: GraphPage): boolean {
  return page.tasks.length === 0 || page.tasks.some((task) => PUBLISHING_TASKS.includes(task));
}
