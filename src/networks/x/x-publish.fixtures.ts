/** Recorded X API v2 publishing answers (shapes from docs/networks.md and docs.x.com). */

export const X_USER_ID = '2244994945';
export const X_USERNAME = 'bakeryonmain';

export const tweetAnswer = (id: string, text: string) => ({ data: { id, text, edit_history_post_ids: [id] } });

export const timelineAnswer = (
  ...tweets: {
    id: string;
    text: string;
    /** X's spec name; `referenced_tweets` is the name X answered before the rename. */
    referenced_posts?: { type: string; id: string }[];
    referenced_tweets?: { type: string; id: string }[];
    attachments?: { media_keys: string[] };
    /** A long post's whole text (its `text` is cut). */
    note_post?: { text: string };
  }[]
) =>
  tweets.length === 0
    ? { meta: { result_count: 0 } }
    : {
        data: tweets.map((tweet) => ({
          ...tweet,
          created_at: '2026-03-01T11:59:59.000Z',
          edit_history_post_ids: [tweet.id],
        })),
        meta: { result_count: tweets.length, newest_id: tweets[0].id, oldest_id: tweets[tweets.length - 1].id },
      };

export const mediaStatusAnswer = (
  id: string,
  state: 'pending' | 'in_progress' | 'succeeded' | 'failed',
  checkAfterSecs = 1,
) => ({
  data: {
    id,
    media_key: `7_${id}`,
    processing_info:
      state === 'succeeded'
        ? { state, progress_percent: 100 }
        : state === 'failed'
          ? { state, error: { code: 1, name: 'InvalidMedia', message: 'Unsupported video format' } }
          : { state, check_after_secs: checkAfterSecs, progress_percent: 50 },
  },
});
