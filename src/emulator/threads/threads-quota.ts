import { threadsPublishingRules } from '../../contracts';
import { EmulatorState } from '../state/emulator-state';
import { collectionKey } from '../state/object-collections';

const rules = threadsPublishingRules();

/** `{user id}` → when each of its deletes went through (ms), for the delete quota's moving window. */
export const THREADS_DELETES = collectionKey<number[]>('threads.deletes');

function within(state: EmulatorState, at: number, durationSeconds: number): boolean {
  return at > state.now() - durationSeconds * 1000;
}

/** Posts (not replies) the profile published in the quota's window; a carousel counts once. */
export function postQuotaUsage(state: EmulatorState, userId: string): number {
  return state.published
    .list({ network: 'threads', accountId: userId })
    .filter(
      (item) => !item.replyToId && within(state, Date.parse(item.publishedAt), rules.quotas.posts.durationSeconds),
    ).length;
}

/** Replies the profile published in the reply quota's window. */
export function replyQuotaUsage(state: EmulatorState, userId: string): number {
  return state.published
    .list({ network: 'threads', accountId: userId })
    .filter(
      (item) => item.replyToId && within(state, Date.parse(item.publishedAt), rules.quotas.replies.durationSeconds),
    ).length;
}

export function deleteQuotaUsage(state: EmulatorState, userId: string): number {
  return (state.objects.of(THREADS_DELETES).get(userId) ?? []).filter((at) =>
    within(state, at, rules.quotas.deletes.durationSeconds),
  ).length;
}

export function recordDelete(state: EmulatorState, userId: string): void {
  const deletes = state.objects.of(THREADS_DELETES);
  deletes.set(userId, [...(deletes.get(userId) ?? []), state.now()]);
}

/** `GET /{threads-user-id}/threads_publishing_limit`, field by field (the troubleshooting page's answer). */
export function publishingLimitFields(state: EmulatorState, userId: string): Record<string, () => unknown> {
  const config = (quota: { total: number; durationSeconds: number }, total = quota.total) => ({
    quota_total: total,
    quota_duration: quota.durationSeconds,
  });
  return {
    quota_usage: () => postQuotaUsage(state, userId),
    config: () => config(rules.quotas.posts, state.settings.threadsQuotaTotal),
    reply_quota_usage: () => replyQuotaUsage(state, userId),
    reply_config: () => config(rules.quotas.replies),
    delete_quota_usage: () => deleteQuotaUsage(state, userId),
    delete_config: () => config(rules.quotas.deletes),
    location_search_quota_usage: () => 0,
    location_search_config: () => config(rules.quotas.locationSearches),
  };
}
