import { arrayField, isRecord, recordField, stringField } from '../http/json-fields';
import { BlueskyXrpc } from './bluesky-xrpc';

/*
 * Service tokens (https://atproto.com/specs/xrpc, "Inter-Service Authentication"): JWTs the
 * account's PDS signs (com.atproto.server.getServiceAuth) for another service, named by its DID
 * (`aud`) and bound to one method (`lxm`). The video service takes two: one for its own
 * getUploadLimits, and one for the PDS's uploadBlob, which it uses to store the processed video.
 */

/** A PDS and the account's session on it. */
export interface PdsSession {
  pds: BlueskyXrpc;
  token: string;
}

/** The method the upload's token is bound to: the video service stores the result on the PDS with it. */
const UPLOAD_LXM = 'com.atproto.repo.uploadBlob';

/** `did:web:<host>` of a URL, as Bluesky's app names a service it asks a token for (the hostname, no port). */
export function didWebOf(url: string): string {
  return `did:web:${new URL(url).hostname}`;
}

/** A service token from the PDS for `aud`, bound to one method. */
export async function serviceToken(call: PdsSession, aud: string, lxm: string, exp?: number): Promise<string> {
  const body = await call.pds.query('com.atproto.server.getServiceAuth', { aud, lxm, exp }, call.token);
  const token = isRecord(body) ? stringField(body, 'token') : undefined;
  if (!token) throw call.pds.unexpected('getServiceAuth answered without a token');
  return token;
}

/**
 * The PDS that holds the account's repository, named as the token's audience: the `#atproto_pds`
 * service of the DID document getSession returns (the entryway bsky.social is not the PDS that
 * stores the blob), else the host we call.
 */
async function pdsAudience(call: PdsSession): Promise<string> {
  const session = await call.pds.query('com.atproto.server.getSession', {}, call.token);
  const doc = isRecord(session) ? recordField(session, 'didDoc') : undefined;
  const service = (doc ? (arrayField(doc, 'service') ?? []) : [])
    .filter(isRecord)
    .find((entry) => (stringField(entry, 'id') ?? '').endsWith('#atproto_pds'));
  const endpoint = service ? stringField(service, 'serviceEndpoint') : undefined;
  try {
    return didWebOf(endpoint ?? call.pds.baseUrl);
  } catch {
    return didWebOf(call.pds.baseUrl);
  }
}

/**
 * The token the video service uploads the processed video to the account's PDS with: audience the
 * PDS, bound to com.atproto.repo.uploadBlob, for 30 minutes (the tutorial's values).
 */
export async function uploadServiceToken(call: PdsSession, now: Date): Promise<string> {
  const exp = Math.floor(now.getTime() / 1000) + 30 * 60;
  return serviceToken(call, await pdsAudience(call), UPLOAD_LXM, exp);
}
