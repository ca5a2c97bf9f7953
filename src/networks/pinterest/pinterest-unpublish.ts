import { UnpublishRequest } from '../network-adapter';
import { PinterestApi } from './pinterest-api';
import { isPinterestGone } from './pinterest-errors';

/** `DELETE /pins/{pin_id}` (204); a pin Pinterest no longer has (404) counts as deleted. */
export async function unpublishOnPinterest(api: PinterestApi, request: UnpublishRequest): Promise<void> {
  try {
    await api.remove(`/pins/${encodeURIComponent(request.platformPostId)}`);
  } catch (error) {
    if (isPinterestGone(error)) return;
    throw error;
  }
}
