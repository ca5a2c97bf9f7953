import { FastifyRequest } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { applyGraphFaults } from '../graph/graph-access';
import { graphErrors } from '../graph/graph-errors';
import { hasScope } from '../graph/graph-scopes';
import { EmulatorState } from '../state/emulator-state';
import { PublishedItem } from '../state/published-log';
import { instagramToken } from './instagram-access';
import { tokenActsForInstagram } from './instagram-ownership';

/** The comments under a medium (and their replies), at any depth. */
function commentsBelow(state: EmulatorState, media: PublishedItem): PublishedItem[] {
  const below: PublishedItem[] = [];
  const parents = new Set([media.postId]);
  for (const item of state.published.list({ network: 'instagram', accountId: media.accountId })) {
    if (item.parentId && parents.has(item.parentId)) {
      below.push(item);
      parents.add(item.postId);
    }
  }
  return below;
}

/**
 * `DELETE /{ig-media-id}` on graph.facebook.com (Instagram through Facebook Login; IGMedia's
 * `#delete` in Meta's API specs): a token acting for the medium's account (its Page's token, or a
 * user token of the Page's admin) with `instagram_manage_contents`, the permission integrators
 * report (no Meta reference page names one). Answers `{"success":true}`; the medium and the
 * comments under it are gone from then on, and a medium already gone is an unknown object (100/33).
 * A comment is not deleted here: the service never deletes one.
 */
export async function deleteInstagramMedia(
  context: EmulatorContext,
  request: FastifyRequest,
  media: PublishedItem,
): Promise<{ success: true }> {
  const { state } = context;
  const { token } = instagramToken(context, request, 'facebook');
  if (media.parentId || media.deletedAt || !tokenActsForInstagram(state, token, media.accountId))
    throw graphErrors.unknownObject(media.postId, 'delete').forInstagram();
  if (!hasScope(token, 'instagram_manage_contents'))
    throw graphErrors.permission(10, 'Application does not have permission for this action').forInstagram();
  await applyGraphFaults(state, [{ network: 'instagram', accountId: media.accountId }]);
  const deletedAt = new Date(state.now()).toISOString();
  for (const item of [media, ...commentsBelow(state, media)]) item.deletedAt ??= deletedAt;
  return { success: true };
}

/**
 * `DELETE /{id}` on graph.instagram.com: Instagram Login's media node (IGMediaForIGOnlyAPI in Meta's
 * API specs) has no delete, and Graph answers an operation a node does not support as it answers an
 * unknown object (100/33, "Unsupported delete request"), after checking the token.
 */
export function refuseInstagramLoginDelete(context: EmulatorContext, request: FastifyRequest, id: string): never {
  instagramToken(context, request, 'instagram');
  throw graphErrors.unknownObject(id, 'delete').forInstagram();
}
