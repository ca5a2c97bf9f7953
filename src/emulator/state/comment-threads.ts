import type { PageOrder } from '../graph/graph-paging';
import { CallSubjects } from './faults';
import { EmulatorState } from './emulator-state';
import { PublishedItem } from './published-log';

/**
 * The comments directly under a post or comment (Graph networks), oldest first as Graph answers
 * by default, or newest first with `order=reverse_chronological`. With `allLevels` (Facebook's
 * `filter=stream`), the answers to those comments too, at any depth, in the same one order.
 */
export function commentsUnder(
  state: EmulatorState,
  parent: PublishedItem,
  order: string | undefined,
  allLevels = false,
): PublishedItem[] {
  const under = new Set([parent.postId]);
  const comments: PublishedItem[] = [];
  // Oldest first: an answer is always written after what it answers, so one pass finds every level.
  for (const item of state.published.list({ network: parent.network, accountId: parent.accountId })) {
    // A deleted comment takes its answers with it.
    if (!item.parentId || !under.has(item.parentId) || item.deletedAt) continue;
    if (allLevels) under.add(item.postId);
    comments.push(item);
  }
  return order === 'reverse_chronological' ? comments.reverse() : comments;
}

/** How a list of comments runs, for its cursors (a comment deleted between two reads is still placed). */
export function commentOrder(comments: readonly PublishedItem[], order: string | undefined): PageOrder {
  return { sequences: comments.map((comment) => comment.sequence), newestFirst: order === 'reverse_chronological' };
}

/** The comment a reply answers, when its parent is a comment rather than the post. */
export function parentComment(state: EmulatorState, item: PublishedItem): string | undefined {
  if (!item.parentId) return undefined;
  return state.published.find(item.network, item.parentId)?.parentId ? item.parentId : undefined;
}

/**
 * Whether an `answer_lost` fault applies: the call was carried out, and its answer is to be lost
 * (the caller then answers a server error), as when a network commits and the connection drops.
 */
export function answerLost(state: EmulatorState, subjects: CallSubjects): boolean {
  return state.faults.take(subjects, ['answer_lost']).length > 0;
}
