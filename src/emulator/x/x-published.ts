/** What the published log records of an X post beyond what every network's item has. */

/** A poll posted with a tweet, as sent (CreatePostsPoll). */
export interface PublishedPoll {
  /** X's id of the poll (attachments.poll_ids). */
  id: string;
  options: string[];
  durationMinutes: number;
}

declare module '../state/published-log' {
  interface PublishedItem {
    /** X: the poll posted with it. */
    poll?: PublishedPoll;
    /** X: who may reply (reply_settings); undefined: everyone. */
    replySettings?: string;
    /** X: the tweet it quotes (quote_tweet_id). */
    quoteOf?: string;
    /** X: the community it was posted in (community_id). */
    communityId?: string;
    /** X: the ids of its edit chain, oldest first, the same on every version (absent: never edited). */
    editHistory?: string[];
  }
}
