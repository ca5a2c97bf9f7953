import { pinterestOperation } from '../../contracts';
import { PermissionNeeds } from '../account-permissions';

/** The scopes an operation of Pinterest's description names in its `security`. */
const scopes = (operation: string): readonly string[] => {
  const [method, template] = operation.split(' ') as [string, string];
  return pinterestOperation(method, template).scopes;
};

/**
 * What each feature needs, read from each operation's `security` in Pinterest's description:
 * publishing (a pin, a video registered), unpublishing and metrics. Pinterest has no comments API.
 */
export const PINTEREST_PERMISSION_NEEDS: PermissionNeeds = {
  publish: [
    [...new Set([...scopes('POST /pins'), ...scopes('POST /media'), ...scopes('GET /boards/{board_id}/pins')])],
  ],
  unpublish: [scopes('DELETE /pins/{pin_id}')],
  metrics: [scopes('GET /pins/{pin_id}/analytics')],
};
