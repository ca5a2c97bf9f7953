import { isRecord, stringField } from '../http/json-fields';
import { NetworkError } from '../network-error';
import { BlueskyOAuthApi } from './bluesky-oauth-server';

/**
 * Where an account lives (https://atproto.com/specs/did): its DID document names its PDS (the
 * service `#atproto_pds` of type AtprotoPersonalDataServer). `did:plc` documents come from the PLC
 * directory; `did:web` ones from the host's `/.well-known/did.json`.
 */
export async function pdsOf(api: BlueskyOAuthApi, plcUrl: string, did: string): Promise<string> {
  let url: string;
  if (/^did:plc:[a-z2-7]{24}$/.test(did)) url = `${plcUrl}/${did}`;
  else if (/^did:web:[a-zA-Z0-9.-]+$/.test(did))
    url = api.servedUrl(`https://${did.slice('did:web:'.length)}/.well-known/did.json`, 'a did:web host');
  else throw api.unexpected('an account DID that is neither did:plc nor did:web');
  const document = await api.document(url, 'a DID document');
  const services = Array.isArray(document.service) ? document.service : [];
  const pds = services.find(
    (service: unknown) =>
      isRecord(service) &&
      (service.id === '#atproto_pds' || service.id === `${did}#atproto_pds`) &&
      service.type === 'AtprotoPersonalDataServer',
  );
  const endpoint = isRecord(pds) ? stringField(pds, 'serviceEndpoint') : undefined;
  if (!endpoint) throw api.unexpected('a DID document without its PDS');
  return api.servedUrl(endpoint, 'a PDS');
}

/** A handle as atproto writes them (https://atproto.com/specs/handle): a domain name. */
const HANDLE = /^([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/;

/**
 * The DID a handle or DID names: a DID as it is; a handle through `com.atproto.identity.resolveHandle`
 * at `serviceUrl` (an entryway resolves any handle). A hint of neither shape is refused for good.
 */
export async function didOf(api: BlueskyOAuthApi, serviceUrl: string, hint: string): Promise<string> {
  const text = hint.trim().replace(/^@/, '');
  if (/^did:(plc|web):/.test(text)) return text;
  if (!HANDLE.test(text) || text.length > 253)
    throw new NetworkError(api.network, 'permanent', 'login_hint is neither a Bluesky handle nor a DID');
  const answer = await api.getJson(
    `${serviceUrl}/xrpc/com.atproto.identity.resolveHandle?${new URLSearchParams({ handle: text.toLowerCase() }).toString()}`,
  );
  const did = isRecord(answer) ? stringField(answer, 'did') : undefined;
  if (!did?.startsWith('did:')) throw api.unexpected('a handle resolved to no DID');
  return did;
}

/** The authorization server a PDS names (RFC 9728 `authorization_servers`): the one that may issue its tokens. */
export async function authorizationServerOf(api: BlueskyOAuthApi, pdsUrl: string): Promise<string> {
  const metadata = await api.document(`${pdsUrl}/.well-known/oauth-protected-resource`, 'protected resource metadata');
  const servers = Array.isArray(metadata.authorization_servers) ? metadata.authorization_servers : [];
  const [issuer] = servers;
  if (servers.length !== 1 || typeof issuer !== 'string')
    throw api.unexpected('protected resource metadata without exactly one authorization server');
  return api.servedUrl(issuer, 'an authorization server');
}
