import { createHmac } from 'node:crypto';
import { NetworkRequest } from '../http/network-http.client';

/**
 * `appsecret_proof`: the HMAC-SHA256 of the access token keyed with the app secret, in hex
 * (developers.facebook.com/docs/graph-api/securing-requests). An app with "Require App Secret" on
 * refuses every call with a token that does not carry it.
 */
export function appSecretProof(accessToken: string, appSecret: string): string {
  return createHmac('sha256', appSecret).update(accessToken).digest('hex');
}

/**
 * The request with `appsecret_proof` beside its `access_token`, wherever that travels: the query,
 * the form body, the multipart body, or the URL itself (a paging link). A request without a token
 * (the code exchange, which sends the client secret itself) is left as it is.
 */
export function withAppSecretProof(request: NetworkRequest, appSecret: string): NetworkRequest {
  const proof = (token: string) => appSecretProof(token, appSecret);
  const inQuery = request.query?.access_token;
  if (inQuery) return { ...request, query: { ...request.query, appsecret_proof: proof(inQuery) } };
  const inForm = request.form?.access_token;
  if (inForm) return { ...request, form: { ...request.form, appsecret_proof: proof(inForm) } };
  const inMultipart = request.multipart?.access_token;
  if (typeof inMultipart === 'string' && inMultipart)
    return { ...request, multipart: { ...request.multipart, appsecret_proof: proof(inMultipart) } };
  const url = new URL(request.url);
  const inUrl = url.searchParams.get('access_token');
  if (!inUrl) return request;
  // A paging link repeats the call's parameters; the proof is always the one for the token it carries.
  url.searchParams.set('appsecret_proof', proof(inUrl));
  return { ...request, url: url.toString() };
}
