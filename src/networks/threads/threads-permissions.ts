import { threadsPublishingRules } from '../../contracts';
import { PermissionNeeds } from '../account-permissions';

const perCall = threadsPublishingRules().scopes.perCall;
const of = (call: string): readonly (readonly string[])[] => [perCall[call] ?? []];

/**
 * What each feature needs, from the reference pages' permission per call
 * (contracts/threads/publishing-rules.json `scopes.perCall`): publishing and a thread's replies
 * (containers, threads_publish), replies read (threads_read_replies) and answered (a reply under
 * the account's own post: publishing's), insights, and delete.
 */
export const THREADS_PERMISSION_NEEDS: PermissionNeeds = {
  publish: of('POST /me/threads'),
  thread: [
    [
      ...new Set([
        ...(perCall['POST /me/threads'] ?? []),
        ...(perCall['GET /me/threads_publishing_limit reply_quota_usage'] ?? []),
      ]),
    ],
  ],
  read_comments: of('GET /{thread_id}/replies'),
  answer_comments: of('POST /me/threads'),
  metrics: of('GET /{thread_id}/insights'),
  unpublish: of('DELETE /{thread_id}'),
};
