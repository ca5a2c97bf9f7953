import { UnpublishRequest } from '../network-adapter';
import { LinkedInApi, restPath } from './linkedin-api';
import { isLinkedInGone } from './linkedin-errors';

/** `DELETE /rest/posts/{encoded urn}` (204); a post LinkedIn no longer has (404) counts as deleted. */
export async function unpublishOnLinkedIn(api: LinkedInApi, request: UnpublishRequest): Promise<void> {
  try {
    await api.rest('DELETE', restPath('posts', request.platformPostId));
  } catch (error) {
    if (isLinkedInGone(error)) return;
    throw error;
  }
}
