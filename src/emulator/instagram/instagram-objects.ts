import { FastifyRequest } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { applyGraphFaults, GraphHost, PUBLISH_FAULTS } from '../graph/graph-access';
import { graphErrors } from '../graph/graph-errors';
import { parseFields } from '../graph/graph-fields';
import { hasScope } from '../graph/graph-scopes';
import { tokenActsForInstagram } from './instagram-ownership';
import { answerLost, commentOrder, commentsUnder, parentComment } from '../state/comment-threads';
import { graphId } from '../state/emulator-ids';
import { EmulatorState } from '../state/emulator-state';
import { PublishedItem } from '../state/published-log';
import { IssuedToken } from '../state/credentials';
import { graphPage } from '../graph/graph-paging';
import { pollContainer } from './container-lifecycle';
import { authorizeInstagramCall, instagramToken } from './instagram-access';
import { containerNode, INSTAGRAM_USER_DEFAULT_FIELDS, instagramMediaNode, instagramUserNode } from './instagram-nodes';
import { INSTAGRAM_CONTAINERS } from './instagram-stored-objects';
import { findInstagramAccount } from './instagram-test-user';

function usernameOf(state: EmulatorState, igUserId: string): string {
  return findInstagramAccount(state, igUserId)?.account.username ?? '';
}

/** Whether an id names an Instagram object (account, container, medium or comment). */
export function isInstagramObject(state: EmulatorState, id: string): boolean {
  return (
    findInstagramAccount(state, id) !== undefined ||
    state.objects.of(INSTAGRAM_CONTAINERS).has(id) ||
    state.published.find('instagram', id) !== undefined
  );
}

/**
 * `GET /{id}` for an Instagram object. Reading a container's status counts as one poll, which is
 * what moves a video from IN_PROGRESS to FINISHED.
 */
export async function readInstagramObject(
  context: EmulatorContext,
  request: FastifyRequest,
  host: GraphHost,
  id: string,
): Promise<Record<string, unknown>> {
  const { state } = context;
  if (findInstagramAccount(state, id)) {
    const { params, account } = await authorizeInstagramCall(context, request, host, id);
    return instagramUserNode(state, account, parseFields(params.fields, INSTAGRAM_USER_DEFAULT_FIELDS), {
      appScopedId: false,
      instagramHost: host === 'instagram',
    });
  }
  const container = state.objects.of(INSTAGRAM_CONTAINERS).get(id);
  // A deleted medium (and the comments under it) is gone, as any object Graph no longer has.
  const item = state.published.find('instagram', id);
  const ownerId = container?.igUserId ?? (item?.deletedAt ? undefined : item?.accountId);
  if (ownerId === undefined) throw graphErrors.unknownObject(id).forInstagram();
  const { params, token } = instagramToken(context, request, host);
  if (!tokenActsForInstagram(state, token, ownerId)) throw graphErrors.unknownObject(id).forInstagram();
  await applyGraphFaults(state, [{ network: 'instagram', accountId: ownerId }]);
  if (container) {
    const fields = parseFields(params.fields, ['id']);
    if (fields.has('status_code') || fields.has('status')) pollContainer(state, container);
    return containerNode(container, fields);
  }
  return instagramMediaNode(item!, usernameOf(state, ownerId), parseFields(params.fields, ['id']), state);
}

/**
 * Reading, writing and answering comments needs the comments permission of the login the token
 * came from (Instagram's comments and comment-moderation references); publishing rights are not enough.
 */
function requireCommentPermission(token: IssuedToken): void {
  if (!hasScope(token, 'instagram_manage_comments', 'instagram_business_manage_comments'))
    throw graphErrors.permission(10, 'Application does not have permission for this action').forInstagram();
}

/**
 * `POST /{ig-media-id}/comments` (a comment by the account under its own medium) or, with the
 * `replies` edge, `POST /{ig-comment-id}/replies` (an answer to a comment under it).
 */
export async function commentOnInstagramMedia(
  context: EmulatorContext,
  request: FastifyRequest,
  host: GraphHost,
  media: PublishedItem,
  edge: 'comments' | 'replies' = 'comments',
): Promise<{ id: string }> {
  const { state } = context;
  const { params, token } = instagramToken(context, request, host);
  if (media.deletedAt || !tokenActsForInstagram(state, token, media.accountId))
    throw graphErrors.unknownObject(media.postId, 'post').forInstagram();
  requireCommentPermission(token);
  await applyGraphFaults(state, [{ network: 'instagram', accountId: media.accountId }], PUBLISH_FAULTS);
  const message = params.message ?? '';
  if (!message) throw graphErrors.invalidParameter('The parameter message is required').forInstagram();
  if (edge === 'comments' && media.parentId)
    throw graphErrors.invalidParameter('Replies to comments are made on the replies edge').forInstagram();
  if (edge === 'replies' && (!media.parentId || parentComment(state, media)))
    throw graphErrors.invalidParameter('Only a top-level comment takes replies').forInstagram();
  const id = graphId();
  state.published.record({
    network: 'instagram',
    accountId: media.accountId,
    postId: id,
    text: message,
    media: [],
    parentId: media.postId,
    permalink: media.permalink,
    publishedAt: new Date(state.now()).toISOString(),
  });
  if (answerLost(state, [{ network: 'instagram', accountId: media.accountId }]))
    throw graphErrors.transient().forInstagram();
  return { id };
}

/** Instagram answers at most this many comments per query (its comments reference, "Limitations"). */
const INSTAGRAM_COMMENTS_PER_QUERY = 50;

/**
 * `GET /{media-id}/comments` (a medium's comments, newest first: "version 3.2+ … reverse
 * chronological order", at most 50 a query) or `GET /{ig-comment-id}/replies` (oldest first here:
 * Instagram documents no order for them). Neither edge takes `order`, Facebook's parameter: it is
 * not honoured.
 */
export async function listInstagramComments(
  context: EmulatorContext,
  request: FastifyRequest,
  host: GraphHost,
  media: PublishedItem,
  edge: 'comments' | 'replies' = 'comments',
): Promise<unknown> {
  const { state } = context;
  const { params, token } = instagramToken(context, request, host);
  if (
    media.deletedAt ||
    !tokenActsForInstagram(state, token, media.accountId) ||
    (edge === 'comments') === Boolean(media.parentId)
  )
    throw graphErrors.unknownObject(media.postId).forInstagram();
  requireCommentPermission(token);
  await applyGraphFaults(state, [{ network: 'instagram', accountId: media.accountId }]);
  const fields = parseFields(params.fields, ['id', 'text', 'timestamp']);
  const username = usernameOf(state, media.accountId);
  const order = edge === 'comments' ? 'reverse_chronological' : undefined;
  const listed = commentsUnder(state, media, order);
  const comments = listed.map((item) => instagramMediaNode(item, username, fields, state, parentComment(state, item)));
  const capped =
    edge === 'comments' && Number(params.limit) > INSTAGRAM_COMMENTS_PER_QUERY
      ? { ...params, limit: String(INSTAGRAM_COMMENTS_PER_QUERY) }
      : params;
  return graphPage(request, capped, comments, 25, context.publicUrl, commentOrder(listed, order));
}
