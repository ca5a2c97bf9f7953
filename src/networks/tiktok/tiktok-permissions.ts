import { PermissionNeeds } from '../account-permissions';
import { tiktokApiRules } from '../../contracts';

const { endpoints } = tiktokApiRules();

/**
 * What each feature needs (contracts/tiktok/api-rules.json `endpoints.*.scopes`): publishing a
 * direct post needs video.publish (creator info, init, status); metrics the video query's
 * video.list. A draft to the inbox needs video.upload instead, which the publisher's refusal names.
 */
export const TIKTOK_PERMISSION_NEEDS: PermissionNeeds = {
  publish: [endpoints.videoInit.scopes ?? [], endpoints.inboxVideoInit.scopes ?? []],
  metrics: [endpoints.videoQuery.scopes ?? []],
};
