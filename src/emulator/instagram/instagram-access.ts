import { FastifyRequest } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { applyGraphFaults, CALL_FAULTS, GraphHost, requireGraphCall } from '../graph/graph-access';
import { graphErrors } from '../graph/graph-errors';
import { hasScope } from '../graph/graph-scopes';
import { tokenActsForInstagram } from './instagram-ownership';
import { Params, requestParams } from '../http/request-params';
import { IssuedToken } from '../state/credentials';
import { FaultKind } from '../state/faults';
import { findInstagramAccount, TestInstagramAccount } from './instagram-test-user';

export interface InstagramCall {
  params: Params;
  token: IssuedToken;
  account: TestInstagramAccount;
}

/** The token of a call on an Instagram object, with Instagram's error flavour. */
export function instagramToken(
  context: EmulatorContext,
  request: FastifyRequest,
  host: GraphHost,
): { params: Params; token: IssuedToken } {
  const params = requestParams(request);
  return { params, token: requireGraphCall(context.state, host, request, params, true) };
}

/**
 * The checks of every call on an Instagram account: a token that acts for it (its own Instagram
 * Login token, or a Facebook token of the linked Page), optionally a permission, then its faults.
 */
export async function authorizeInstagramCall(
  context: EmulatorContext,
  request: FastifyRequest,
  host: GraphHost,
  igUserIdOrMe: string,
  options: { publish?: boolean; faults?: readonly FaultKind[] } = {},
): Promise<InstagramCall> {
  const { state } = context;
  const { params, token } = instagramToken(context, request, host);
  const igUserId = igUserIdOrMe === 'me' && token.network === 'instagram' ? token.subjectId : igUserIdOrMe;
  const found = findInstagramAccount(state, igUserId);
  if (!found) throw graphErrors.unknownObject(igUserId).forInstagram();
  if (!tokenActsForInstagram(state, token, igUserId)) throw graphErrors.unknownObject(igUserId).forInstagram();
  if (options.publish && !hasScope(token, 'instagram_content_publish', 'instagram_business_content_publish'))
    throw graphErrors.permission(10, 'Application does not have permission for this action').forInstagram();
  await applyGraphFaults(state, [{ network: 'instagram', accountId: igUserId }], options.faults ?? CALL_FAULTS);
  return { params, token, account: found.account };
}
