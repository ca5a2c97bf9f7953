import { CommentPage, NetworkComment } from '../networks';
import { NetworkError } from '../networks';

/** The newest comment time announced, and the ids announced at that very time (networks give seconds). */
export interface Watermark {
  newestAt: number;
  idsAtNewest: string[];
}

/**
 * Comments older than the ones read but newer than `until`, not read yet: a burst larger than one
 * scan's pages. `cursor` is the network's, to the next older page.
 */
export interface Backlog {
  cursor: string;
  until: Watermark;
}

/** What the scan knows of one delivery's comments between two reads. */
export interface CommentReadState {
  mark: Watermark;
  backlog: Backlog | null;
}

/** Newer than the watermark, or at its time and not yet announced. */
function isNew(comment: NetworkComment, mark: Watermark): boolean {
  const at = Date.parse(comment.createdAt);
  return at > mark.newestAt || (at === mark.newestAt && !mark.idsAtNewest.includes(comment.id));
}

/** Reads one page, newest first: `cursor` undefined for the newest. */
export type ReadCommentPage = (cursor: string | undefined) => Promise<CommentPage>;

interface RangeRead {
  found: NetworkComment[];
  pagesRead: number;
  /** Where the read stopped before reaching `until`; undefined when it reached it (or the end). */
  cursor: string | undefined;
}

/** Newest-first pages from `cursor` on, keeping what is newer than `until`, until a page reaches it. */
async function readRange(
  read: ReadCommentPage,
  cursor: string | undefined,
  until: Watermark,
  pages: number,
): Promise<RangeRead> {
  const found: NetworkComment[] = [];
  let next = cursor;
  for (let page = 0; page < pages; page++) {
    const { comments, next: older } = await read(next);
    const newer = comments.filter((comment) => isNew(comment, until));
    found.push(...newer);
    if (newer.length < comments.length || !older) return { found, pagesRead: page + 1, cursor: undefined };
    next = older;
  }
  return { found, pagesRead: pages, cursor: next };
}

export interface CommentRead {
  /** The new comments, newest first. */
  fresh: NetworkComment[];
  next: CommentReadState;
  /** Why the backlog was given up: the network refused to read on from its cursor. */
  droppedBacklog?: NetworkError;
}

/**
 * One read of a delivery's new comments in at most `pages` pages: first what is left of a backlog
 * (after one page of the newest, so that a trickle of new comments is not held up behind it), then
 * (pages allowing) the newest down to the watermark. A burst too large for the pages left becomes
 * the backlog, read by the next scans, so no comment is skipped: the newest are found first and
 * the older rest later.
 */
export async function readNewComments(
  state: CommentReadState,
  read: ReadCommentPage,
  pages: number,
): Promise<CommentRead> {
  let pagesLeft = pages;
  let mark = state.mark;
  const fresh: NetworkComment[] = [];
  const seen = new Set<string>();
  /** Newest first: what is found later in a read is older, but for the final newest read. */
  const add = (found: NetworkComment[], atStart = false) => {
    const unseen = found.filter((comment) => !seen.has(comment.id));
    for (const comment of unseen) seen.add(comment.id);
    if (atStart) fresh.unshift(...unseen);
    else fresh.push(...unseen);
  };
  let droppedBacklog: NetworkError | undefined;
  let newestRead = false;
  if (state.backlog && pagesLeft >= 2) {
    // One page of the newest: taken only if it reaches the watermark (another burst above the
    // backlog waits until the backlog is read, as a second backlog would be needed to hold it).
    const top = await readRange(read, undefined, mark, 1);
    pagesLeft -= 1;
    if (!top.cursor) {
      add(top.found);
      mark = advance(mark, top.found);
      newestRead = true;
    }
  }
  if (state.backlog) {
    try {
      const older = await readRange(read, state.backlog.cursor, state.backlog.until, pagesLeft);
      pagesLeft -= older.pagesRead;
      add(older.found);
      mark = alsoAnnounced(mark, older.found);
      if (older.cursor) return { fresh, next: { mark, backlog: { ...state.backlog, cursor: older.cursor } } };
    } catch (error) {
      // A cursor the network no longer takes would stop every later read: the rest is given up.
      if (!(error instanceof NetworkError && error.kind === 'permanent')) throw error;
      droppedBacklog = error;
      pagesLeft -= 1;
    }
  }
  if (newestRead || pagesLeft === 0) return { fresh, next: { mark, backlog: null }, droppedBacklog };
  const newest = await readRange(read, undefined, mark, pagesLeft);
  add(newest.found, true);
  return {
    fresh,
    next: { mark: advance(mark, newest.found), backlog: newest.cursor ? { cursor: newest.cursor, until: mark } : null },
    droppedBacklog,
  };
}

/**
 * The watermark after a backlog read announced `found`: never later (newer comments above the
 * backlog may not have been read yet), but a comment of the watermark's own second is now known.
 */
function alsoAnnounced(mark: Watermark, found: NetworkComment[]): Watermark {
  const sameSecond = found.filter((comment) => Date.parse(comment.createdAt) === mark.newestAt);
  return sameSecond.length
    ? { newestAt: mark.newestAt, idsAtNewest: [...mark.idsAtNewest, ...sameSecond.map((comment) => comment.id)] }
    : mark;
}

/** The watermark after announcing `found`. */
function advance(mark: Watermark, found: NetworkComment[]): Watermark {
  const newestAt = Math.max(mark.newestAt, ...found.map((comment) => Date.parse(comment.createdAt)));
  return {
    newestAt,
    idsAtNewest: [
      ...(newestAt === mark.newestAt ? mark.idsAtNewest : []),
      ...found.filter((comment) => Date.parse(comment.createdAt) === newestAt).map((comment) => comment.id),
    ],
  };
}
