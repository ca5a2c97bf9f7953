import { FastifyRequest } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { applyGraphFaults, PUBLISH_FAULTS, presentedGraphToken, requireGraphToken } from '../graph/graph-access';
import { GraphError } from '../graph/graph-error';
import { graphErrors } from '../graph/graph-errors';
import { hasScope } from '../graph/graph-scopes';
import { graphUsageHeaders } from '../graph/usage-headers';
import { Params, requestParams } from '../http/request-params';
import { IssuedToken } from '../state/credentials';
import { findPage, TestFacebookPage } from './facebook-test-user';

export interface PagePublishCall {
  params: Params;
  token: IssuedToken;
  page: TestFacebookPage;
  /** Usage headers to send with the success answer. */
  usageHeaders: Record<string, string>;
}

/**
 * The checks every Page publishing call passes first: a Page token of that very Page with the
 * publishing permissions, then the Page's injected faults.
 */
export async function authorizePagePublish(
  context: EmulatorContext,
  request: FastifyRequest,
  pageIdOrMe: string,
): Promise<PagePublishCall> {
  const { state } = context;
  const params = requestParams(request);
  const token = requireGraphToken(state, 'facebook', presentedGraphToken(request, params));
  const pageId = pageIdOrMe === 'me' ? token.subjectId : pageIdOrMe;
  const found = findPage(state, pageId);
  if (!found) throw graphErrors.unknownObject(pageId);
  if (token.kind !== 'page')
    throw new GraphError({
      code: 210,
      status: 403,
      message: '(#210) A page access token is required to request this resource.',
    });
  if (token.subjectId !== pageId)
    throw graphErrors.permission(200, 'The Page access token does not belong to this Page.');
  if (!hasScope(token, 'pages_manage_posts') || !hasScope(token, 'pages_read_engagement'))
    throw graphErrors.permission(
      200,
      'If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission',
    );
  await applyGraphFaults(state, [{ network: 'facebook', accountId: pageId }], PUBLISH_FAULTS);
  return {
    params,
    token,
    page: found.page,
    usageHeaders: graphUsageHeaders({ exhausted: false, buc: { id: pageId, type: 'pages', regainMinutes: 0 } }),
  };
}

/** Graph booleans arrive as text; absent means the default. */
export function graphBoolean(value: string | undefined, fallback: boolean, name: string): boolean {
  if (value === undefined || value === '') return fallback;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw graphErrors.invalidParameter(`Param ${name} must be a boolean`);
}
