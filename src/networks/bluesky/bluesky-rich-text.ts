import { RichText } from '@atproto/api';
import { isRecord, stringField } from '../http/json-fields';
import { NetworkError } from '../network-error';
import { BlueskyXrpc } from './bluesky-xrpc';

/** One facet (app.bsky.richtext.facet): a range of the text in UTF-8 bytes and what it is. */
export interface Facet {
  index: { byteStart: number; byteEnd: number };
  features: Record<string, unknown>[];
}

/**
 * The facets of a text: links, hashtags and @mentions, found by Bluesky's own RichText
 * (@atproto/api), with byte offsets in UTF-8 as app.bsky.richtext.facet says. A mention names a
 * handle; it becomes a link to the account's DID (com.atproto.identity.resolveHandle), and a
 * handle that resolves to no account stays plain text, as Bluesky's app leaves it.
 */
export async function facetsOf(api: BlueskyXrpc, text: string, token: string): Promise<Facet[] | undefined> {
  const rich = new RichText({ text });
  rich.detectFacetsWithoutResolution();
  const kept: Facet[] = [];
  for (const facet of rich.facets ?? []) {
    const features: Record<string, unknown>[] = [];
    for (const feature of facet.features as Record<string, unknown>[]) {
      if (feature.$type !== 'app.bsky.richtext.facet#mention') {
        features.push({ ...feature });
        continue;
      }
      const did = await resolveHandle(api, String(feature.did), token);
      if (did) features.push({ $type: 'app.bsky.richtext.facet#mention', did });
    }
    if (features.length > 0) kept.push({ index: { ...facet.index }, features });
  }
  return kept.length > 0 ? kept : undefined;
}

async function resolveHandle(api: BlueskyXrpc, handle: string, token: string): Promise<string | undefined> {
  try {
    const body = await api.query('com.atproto.identity.resolveHandle', { handle }, token);
    return isRecord(body) ? stringField(body, 'did') : undefined;
  } catch (error) {
    // An unknown handle is a 400; anything else (the network down, the session over) is not the text's fault.
    if (error instanceof NetworkError && error.kind === 'permanent') return undefined;
    throw error;
  }
}
