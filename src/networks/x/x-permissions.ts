import { PermissionNeeds } from '../account-permissions';

const WRITE = ['tweet.read', 'tweet.write', 'users.read'];
const READ = ['tweet.read', 'users.read'];

/** The OAuth 2.0 scopes each endpoint the feature calls lists in X's API reference (its `security` entries). */
export const X_PERMISSION_NEEDS: PermissionNeeds = {
  publish: [WRITE],
  media: [['media.write']],
  thread: [WRITE],
  read_comments: [READ],
  answer_comments: [WRITE],
  metrics: [READ],
  unpublish: [WRITE],
};
