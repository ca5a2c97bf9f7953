import { isRecord, numberField, stringField, expiryFrom, listField } from '../http/json-fields';
import type { AuthorizeRequest, CodeExchangeRequest, UserGrant } from '../network-adapter';
import { BLUESKY_SESSION_SCOPES } from './bluesky-session';
import { BlueskyXrpc } from './bluesky-xrpc';

/**
 * The authorization-code part of atproto OAuth (https://atproto.com/specs/oauth): the authorize
 * page with PKCE (S256), and the code exchanged at `/oauth/token`. What atproto adds on top (a
 * pushed authorization request first, DPoP-bound tokens, the client's metadata document as its
 * client_id) is not sent yet: only the service's emulator takes this subset; a live deployment
 * connects accounts with an app password (BlueskyAdapter.signIn).
 */
export function blueskyAuthorizeUrl(serviceUrl: string, request: AuthorizeRequest): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: request.app.clientId,
    redirect_uri: request.callbackUrl,
    state: request.state,
    scope: BLUESKY_SESSION_SCOPES.join(' '),
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
  });
  return `${serviceUrl}/oauth/authorize?${query.toString()}`;
}

export async function exchangeBlueskyCode(
  api: BlueskyXrpc,
  request: CodeExchangeRequest,
  now: Date,
): Promise<UserGrant> {
  const body = await api.send({
    method: 'POST',
    url: api.url('/oauth/token'),
    form: {
      grant_type: 'authorization_code',
      code: request.code,
      code_verifier: request.codeVerifier,
      redirect_uri: request.callbackUrl,
      client_id: request.app.clientId,
    },
  });
  const fields = isRecord(body) ? body : {};
  const accessToken = stringField(fields, 'access_token');
  if (!accessToken) throw api.unexpected('the token answer has no access_token');
  const scope = stringField(fields, 'scope');
  return {
    accessToken,
    refreshToken: stringField(fields, 'refresh_token'),
    expiresAt: expiryFrom(numberField(fields, 'expires_in'), now),
    scopes: scope ? scope.split(' ').filter(Boolean) : listField(fields, 'scopes'),
    userId: stringField(fields, 'sub'),
  };
}
