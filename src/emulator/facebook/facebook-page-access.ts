import { FastifyRequest } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { applyGraphFaults, PUBLISH_FAULTS, requireGraphCall } from '../graph/graph-access';
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

/** The permissions a Page call needs, all of them, and Graph's message when one is missing. */
export interface PagePermissionNeed {
  all: readonly string[];
  code: 10 | 200;
  message: string;
}

/** Publishing to a Page (feed, photos, videos, deleting a post). */
export const PUBLISH_NEED: PagePermissionNeed = {
  all: ['pages_manage_posts', 'pages_read_engagement'],
  code: 200,
  message:
    'If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission',
};

/** Commenting as the Page under its posts and comments (Graph's comments reference). */
export const COMMENT_NEED: PagePermissionNeed = {
  all: ['pages_manage_engagement', 'pages_read_engagement'],
  code: 200,
  message: 'Commenting as the Page requires the pages_manage_engagement and pages_read_engagement permissions',
};

/** Reading the people's comments under a Page's posts, with their authors. */
export const READ_COMMENTS_NEED: PagePermissionNeed = {
  all: ['pages_read_engagement', 'pages_read_user_content'],
  code: 10,
  message: 'This endpoint requires the pages_read_engagement and pages_read_user_content permissions',
};

/**
 * The checks every Page publishing call passes first: a Page token of that very Page with the
 * publishing permissions, then the Page's injected faults.
 */
export function authorizePagePublish(
  context: EmulatorContext,
  request: FastifyRequest,
  pageIdOrMe: string,
): Promise<PagePublishCall> {
  return authorizePageCall(context, request, pageIdOrMe, PUBLISH_NEED);
}

/** A Page token of that very Page holding every permission `need` names, then the Page's injected faults. */
export async function authorizePageCall(
  context: EmulatorContext,
  request: FastifyRequest,
  pageIdOrMe: string,
  need: PagePermissionNeed,
): Promise<PagePublishCall> {
  const { state } = context;
  const params = requestParams(request);
  const token = requireGraphCall(state, 'facebook', request, params);
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
  if (!need.all.every((scope) => hasScope(token, scope))) throw graphErrors.permission(need.code, need.message);
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
