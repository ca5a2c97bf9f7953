import { isRecord, stringField } from '../http/json-fields';
import type {
  AccountTokens,
  AuthorizeRequest,
  AuthorizeStart,
  CodeExchangeRequest,
  UserGrant,
} from '../network-adapter';
import { NetworkError } from '../network-error';
import { authorizationServerOf, didOf, pdsOf } from './bluesky-did';
import { DpopKey, dpopKeyFromSecret } from './bluesky-dpop';
import { BLUESKY_OAUTH_SCOPE, BlueskyClientIdentity } from './bluesky-oauth-client';
import { BlueskyOAuthApi, sameUrl } from './bluesky-oauth-server';
import { BlueskyTokenBinding, writeBinding } from './bluesky-token-binding';

/**
 * atproto OAuth (https://atproto.com/specs/oauth; contracts/bluesky/oauth.json) as the stateless
 * adapter speaks it: every step is one call with what the service kept (the attempt's secret, from
 * which the DPoP key is derived again; the account's binding), nothing held in between.
 */
export interface BlueskyOAuthCall {
  api: BlueskyOAuthApi;
  client: BlueskyClientIdentity;
  /** The entryway whose authorization server users sign in at (bsky.social, or the emulator's). */
  serviceUrl: string;
  /** Where did:plc documents are read (https://plc.directory). */
  plcUrl: string;
}

interface TokenSet {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date | undefined;
  scopes: string[];
  sub: string;
}

function tokenSetOf(api: BlueskyOAuthApi, body: unknown, now: Date): TokenSet {
  const fields = isRecord(body) ? body : {};
  const accessToken = stringField(fields, 'access_token');
  const refreshToken = stringField(fields, 'refresh_token');
  const sub = stringField(fields, 'sub');
  if (!accessToken || !refreshToken || !sub) throw api.unexpected('a token answer without its tokens or sub');
  // A bound token must be sent as DPoP: a server answering Bearer would take it from anyone who has it.
  if (stringField(fields, 'token_type')?.toLowerCase() !== 'dpop')
    throw api.unexpected('a token that is not DPoP-bound');
  const scopes = (stringField(fields, 'scope') ?? '').split(' ').filter(Boolean);
  if (!scopes.includes('atproto')) throw api.unexpected('a token without the atproto scope');
  const expiresIn = typeof fields.expires_in === 'number' ? fields.expires_in : undefined;
  return {
    accessToken,
    refreshToken,
    expiresAt: expiresIn === undefined ? undefined : new Date(now.getTime() + expiresIn * 1000),
    scopes,
    sub,
  };
}

/** What an attempt keeps for its callback: the authorization server asked, and the account a hint named. */
interface KeptAttempt {
  issuer: string;
  did?: string;
}

function keptOf(adapterState: string | undefined): KeptAttempt | undefined {
  if (adapterState === undefined) return undefined;
  const value: unknown = JSON.parse(adapterState);
  if (!isRecord(value) || typeof value.issuer !== 'string') throw new Error('An unreadable Bluesky attempt state');
  return { issuer: value.issuer, ...(typeof value.did === 'string' ? { did: value.did } : {}) };
}

/**
 * The authorization server to send the user to: with a hint (a handle or DID), the one the
 * account's own PDS names (https://atproto.com/specs/oauth#identity-authentication); without, the
 * entryway's (`serviceUrl`), where the user picks the account.
 */
async function serverFor(call: BlueskyOAuthCall, loginHint: string | undefined): Promise<KeptAttempt> {
  if (loginHint === undefined) return { issuer: call.serviceUrl };
  const did = await didOf(call.api, call.serviceUrl, loginHint);
  const pds = await pdsOf(call.api, call.plcUrl, did);
  return { issuer: await authorizationServerOf(call.api, pds), did };
}

/**
 * The consent URL of a new attempt: the authorization server's metadata, then the pushed
 * authorization request (RFC 9126) with PKCE and a DPoP proof of the attempt's key, then the
 * authorize URL that carries only the client id and the request's URI. The server asked is kept
 * with the attempt: the callback redeems the code there and nowhere else (whatever `iss` says).
 */
export async function startBlueskyOAuth(call: BlueskyOAuthCall, request: AuthorizeRequest): Promise<AuthorizeStart> {
  if (!request.attemptSecret) throw new Error('A Bluesky OAuth attempt needs its attempt secret');
  const kept = await serverFor(call, request.loginHint);
  const server = await call.api.authorizationServer(kept.issuer);
  const key = new DpopKey(dpopKeyFromSecret(request.attemptSecret));
  const answer = await call.api.dpopPost(
    server.parEndpoint,
    {
      response_type: 'code',
      redirect_uri: request.callbackUrl,
      scope: BLUESKY_OAUTH_SCOPE,
      state: request.state,
      code_challenge: request.codeChallenge,
      code_challenge_method: 'S256',
      ...(request.loginHint === undefined ? {} : { login_hint: request.loginHint.trim().replace(/^@/, '') }),
      ...call.client.authentication(server.issuer),
    },
    key,
  );
  const requestUri = isRecord(answer) ? stringField(answer, 'request_uri') : undefined;
  if (!requestUri) throw call.api.unexpected('a pushed authorization request without its request_uri');
  const url = new URL(server.authorizationEndpoint);
  url.searchParams.set('client_id', call.client.clientId);
  url.searchParams.set('request_uri', requestUri);
  return { url: url.toString(), keep: JSON.stringify({ ...kept, issuer: server.issuer }) };
}

/**
 * The callback: the code redeemed with the PKCE verifier and a proof of the same key, then the
 * account checked to be one this authorization server speaks for (its DID's PDS names it), as the
 * spec requires before trusting `sub`.
 */
export async function finishBlueskyOAuth(call: BlueskyOAuthCall, request: CodeExchangeRequest): Promise<UserGrant> {
  if (!request.attemptSecret)
    throw new NetworkError(call.api.network, 'permanent', 'This connect attempt was started before Bluesky OAuth');
  const kept = keptOf(request.adapterState);
  const server = await call.api.authorizationServer(kept?.issuer ?? call.serviceUrl);
  // RFC 9207: the answer names its issuer; one from another server is a mix-up, never redeemed.
  const iss = request.callbackParams?.iss;
  if (iss === undefined || !sameUrl(iss, server.issuer))
    throw new NetworkError(call.api.network, 'permanent', 'The authorization answer names another issuer');
  const key = new DpopKey(dpopKeyFromSecret(request.attemptSecret));
  const body = await call.api.dpopPost(
    server.tokenEndpoint,
    {
      grant_type: 'authorization_code',
      code: request.code,
      redirect_uri: request.callbackUrl,
      code_verifier: request.codeVerifier,
      ...call.client.authentication(server.issuer),
    },
    key,
  );
  const tokens = tokenSetOf(call.api, body, new Date());
  // The account the hint named, and no other, is the one connected.
  if (kept?.did !== undefined && tokens.sub !== kept.did)
    throw new NetworkError(call.api.network, 'permanent', 'The account signed in is not the one the login hint named');
  const pds = await pdsOf(call.api, call.plcUrl, tokens.sub);
  if (!sameUrl(await authorizationServerOf(call.api, pds), server.issuer))
    throw new NetworkError(call.api.network, 'permanent', "The account's PDS names another authorization server");
  return {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresAt: tokens.expiresAt,
    scopes: tokens.scopes,
    userId: tokens.sub,
    tokenBinding: writeBinding({ key: key.jwk, issuer: server.issuer, pds }),
  };
}

/** A refresh (the refresh token rotates: the new one replaces the stored one), with a proof of the session's key. */
export async function refreshBlueskyOAuth(
  call: BlueskyOAuthCall,
  tokens: AccountTokens,
  binding: BlueskyTokenBinding,
): Promise<AccountTokens | undefined> {
  if (!tokens.refreshToken) return undefined;
  const server = await call.api.authorizationServer(binding.issuer);
  const body = await call.api.dpopPost(
    server.tokenEndpoint,
    {
      grant_type: 'refresh_token',
      refresh_token: tokens.refreshToken,
      ...call.client.authentication(server.issuer),
    },
    new DpopKey(binding.key),
  );
  const renewed = tokenSetOf(call.api, body, new Date());
  return {
    accessToken: renewed.accessToken,
    refreshToken: renewed.refreshToken,
    expiresAt: renewed.expiresAt,
    scopes: renewed.scopes,
    tokenBinding: tokens.tokenBinding,
  };
}

/** Revokes the session (RFC 7009) by its refresh token, which ends it; a token already gone counts as revoked. */
export async function revokeBlueskyOAuth(
  call: BlueskyOAuthCall,
  tokens: AccountTokens,
  binding: BlueskyTokenBinding,
): Promise<void> {
  const server = await call.api.authorizationServer(binding.issuer);
  const key = new DpopKey(binding.key);
  for (const token of [tokens.refreshToken, tokens.accessToken]) {
    if (!token) continue;
    await call.api.dpopPost(server.revocationEndpoint, { token, ...call.client.authentication(server.issuer) }, key);
  }
}
