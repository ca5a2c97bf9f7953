import { FastifyInstance, FastifyRequest } from 'fastify';
import { Params, requestParams } from '../http/request-params';
import { IssuedToken } from '../state/credentials';
import { EmulatorState } from '../state/emulator-state';
import { CodeProblem, redeemCode } from '../state/redeem-code';
import { TestUser } from '../state/test-users';
import { issueToken, newGrantId } from '../state/token-factory';
import { TokenKindSpec } from '../state/token-kinds';
import { applyGraphFaults, requireGraphCall } from './graph-access';
import { graphErrors } from './graph-errors';

/**
 * Instagram Login's and Threads' user tokens: both follow one pattern (developers.facebook.com/docs/
 * instagram-platform/instagram-api-with-instagram-login/business-login and
 * developers.facebook.com/docs/threads/get-started/get-access-tokens-and-permissions): a code
 * exchanged for a short-lived token, exchanged for a long-lived one, refreshed once a day old.
 * Facebook Login's exchange answers Graph's own codes and lives beside the Facebook emulator.
 */
export type MetaLoginNetwork = 'instagram' | 'threads';

/** Why a code cannot be redeemed, in the words both hosts answer. */
const CODE_MESSAGES: Record<CodeProblem, string> = {
  unknown: 'Invalid authorization code',
  used: 'This authorization code has been used',
  expired: 'This authorization code has expired',
  client_mismatch: 'Invalid platform app',
  redirect_mismatch:
    'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
  pkce_mismatch: 'Invalid code verifier',
};

/** A network's code exchange: what it issues, and how its host words a refusal. */
export interface CodeExchange {
  readonly network: MetaLoginNetwork;
  readonly kind: TokenKindSpec;
  /** The id of the user's account on the network (the token's subject), if the user has one. */
  subjectOf(user: TestUser): string | undefined;
  /** The error the host answers, in its shape. */
  refuse(message: string): Error;
  /** Its words for a missing field. */
  missing(name: string): string;
  /** Its words for a grant_type other than authorization_code. */
  readonly wrongGrant: string;
}

/** Redeems `params.code` for a short-lived token, or throws the host's refusal. */
export function exchangeLoginCode(
  state: EmulatorState,
  params: Params,
  exchange: CodeExchange,
): { token: IssuedToken; subjectId: string } {
  const { network, refuse } = exchange;
  for (const name of ['client_id', 'client_secret', 'grant_type', 'redirect_uri', 'code'])
    if (!params[name]) throw refuse(exchange.missing(name));
  if (params.grant_type !== 'authorization_code') throw refuse(exchange.wrongGrant);
  if (!state.apps.verify(params.client_id!, params.client_secret)) throw refuse('Error validating client secret');
  const redemption = redeemCode(state, {
    network,
    value: params.code,
    clientId: params.client_id,
    redirectUri: params.redirect_uri,
  });
  if (!redemption.ok) throw refuse(CODE_MESSAGES[redemption.problem]);
  const user = state.findUser(redemption.code.userId);
  const subjectId = user && exchange.subjectOf(user);
  if (!subjectId) throw refuse('Invalid authorization code');
  const token = issueToken(state, {
    network,
    kind: exchange.kind,
    lifetime: 'short',
    userId: redemption.code.userId,
    subjectId,
    clientId: redemption.code.clientId,
    scopes: redemption.code.scopes,
    grantId: newGrantId(),
  });
  return { token, subjectId };
}

/** A network's long-lived token routes. */
export interface LongLivedTokens {
  readonly network: MetaLoginNetwork;
  readonly kind: TokenKindSpec;
  /** The grant_type of the exchange (`ig_exchange_token`) and of the refresh (`ig_refresh_token`). */
  readonly grants: { readonly exchange: string; readonly refresh: string };
  /** How old a long-lived token must be to be refreshed. */
  readonly refreshMinAgeMs: number;
  /** A further condition of a refresh, throwing the host's error (Threads: threads_basic granted). */
  checkRefresh?(token: IssuedToken): void;
}

/**
 * `GET /access_token` (short-lived → long-lived, with the app secret) and `GET /refresh_access_token`
 * (long-lived → a new long-lived one), on the network's Graph host, answering in Instagram's shape.
 */
export function registerLongLivedTokenRoutes(
  fastify: FastifyInstance,
  state: EmulatorState,
  tokens: LongLivedTokens,
): void {
  const { network, kind, grants } = tokens;
  const invalid = (message: string) => graphErrors.invalidParameter(message).forInstagram();
  const longLived = async (request: FastifyRequest, grantType: string) => {
    const params = requestParams(request);
    if (params.grant_type !== grantType) throw invalid(`grant_type must be ${grantType}`);
    const exchanging = grantType === grants.exchange;
    if (exchanging && !params.client_secret) throw invalid('Missing client_secret parameter');
    const current = requireGraphCall(state, network, request, params);
    if (exchanging) {
      if (!state.apps.verify(current.clientId, params.client_secret)) throw invalid('Error validating client secret');
      if (current.lifetime !== 'short') throw invalid('Only a short-lived access token can be exchanged');
    } else {
      if (current.lifetime !== 'long') throw invalid('Only a long-lived access token can be refreshed');
      if (state.now() - current.issuedAt < tokens.refreshMinAgeMs)
        throw invalid('The access token can be refreshed only once it is at least 24 hours old');
      tokens.checkRefresh?.(current);
    }
    await applyGraphFaults(state, [{ network, accountId: current.subjectId }]);
    const { userId, subjectId, clientId, scopes, grantId } = current;
    const token = issueToken(state, { network, kind, userId, subjectId, clientId, scopes, grantId, lifetime: 'long' });
    return { access_token: token.value, token_type: 'bearer', expires_in: kind.ttlSeconds.long };
  };
  fastify.get('/access_token', (request) => longLived(request, grants.exchange));
  fastify.get('/refresh_access_token', (request) => longLived(request, grants.refresh));
}
