import { PermissionNeeds } from '../account-permissions';
import { BLUESKY_SESSION_SCOPES } from './bluesky-session';

/**
 * An app password, like atproto OAuth's `transition:generic` scope, reaches every record of the
 * account (https://atproto.com/specs/oauth#authorization-scopes): every feature needs that grant.
 */
const ACCOUNT = [...BLUESKY_SESSION_SCOPES];

export const BLUESKY_PERMISSION_NEEDS: PermissionNeeds = {
  publish: [ACCOUNT],
  media: [ACCOUNT],
  thread: [ACCOUNT],
  read_comments: [ACCOUNT],
  answer_comments: [ACCOUNT],
  metrics: [ACCOUNT],
  unpublish: [ACCOUNT],
};
