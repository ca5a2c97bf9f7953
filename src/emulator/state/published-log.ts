export interface PublishedMedia {
  type: 'image' | 'video' | 'gif';
  /** The URL the network was asked to fetch (Graph), or undefined for uploaded bytes (X). */
  url?: string;
  /** The network's id of the medium (photo id, container id, X media id). */
  id: string;
  /** For bytes sent in a Facebook resumable upload: their SHA-256 (hex), so a test can tell the file arrived whole and in order. */
  sha256?: string;
  /** For bytes uploaded to X: how many arrived, so a test can tell the whole file did. */
  size?: number;
  /**
   * The medium's alternative text: Instagram's `alt_text` (images only); X's, set by POST
   * /2/media/metadata; a Facebook photo's `alt_text_custom`.
   */
  altText?: string;
  /** Instagram: the people tagged on the medium (`user_tags`; x and y on images and stories). */
  userTags?: InstagramUserTag[];
}

export interface InstagramUserTag {
  username: string;
  x?: number;
  y?: number;
}

export type InstagramGraduationStrategy = 'MANUAL' | 'SS_PERFORMANCE';

/** How an Instagram medium was published: its placement and the container options that apply to the whole of it. */
export interface InstagramPublishedOptions {
  /** Where it appears, as `media_product_type` names it. */
  productType: 'FEED' | 'REELS' | 'STORY';
  collaborators?: string[];
  locationId?: string;
  /** A reel's `share_to_feed`: undefined when not sent (Instagram shares a reel to the feed then). */
  shareToFeed?: boolean;
  coverUrl?: string;
  thumbOffsetMs?: number;
  trialParams?: { graduationStrategy: InstagramGraduationStrategy };
  audioName?: string;
}

/** How a Facebook Page item was published: where it appears, and the link a feed post shares. */
export interface FacebookPublishedOptions {
  /** feed: a Page post (/feed, /photos, /videos); reel: /video_reels; story: /photo_stories or /video_stories. */
  placement: 'feed' | 'reel' | 'story';
  /** The `link` a feed post was published with. */
  link?: string;
}

/** X: a poll posted with a tweet, as sent (CreatePostsPoll). */
export interface PublishedPoll {
  /** X's id of the poll (attachments.poll_ids). */
  id: string;
  options: string[];
  durationMinutes: number;
}

/** One thing that became visible on a network: a post, a reply or a comment. */
export interface PublishedItem {
  sequence: number;
  /** The id of the emulated network. */
  network: string;
  /** The page or profile it was published as. */
  accountId: string;
  postId: string;
  text: string;
  media: PublishedMedia[];
  /** X: the tweet this one replies to. */
  replyToId?: string;
  /** X: the poll posted with it. */
  poll?: PublishedPoll;
  /** X: who may reply (reply_settings); undefined: everyone. */
  replySettings?: string;
  /** X: the tweet it quotes (quote_tweet_id). */
  quoteOf?: string;
  /** X: the community it was posted in (community_id). */
  communityId?: string;
  /** Facebook and Instagram: the post (or comment) a comment is under. */
  parentId?: string;
  /** Someone other than the account wrote it (a comment added through the control API); undefined: the account itself. */
  author?: { id: string; username: string };
  /** Instagram: the placement and options it was published with (undefined in records older than them). */
  instagram?: InstagramPublishedOptions;
  /** Facebook: the placement and link it was published with (undefined in records older than them). */
  facebook?: FacebookPublishedOptions;
  permalink: string;
  publishedAt: string;
  deletedAt?: string;
}

/** Everything published since the last reset, in order; tests read it through the control API. */
export class PublishedLog {
  private items: PublishedItem[] = [];
  /** By network and id, and by network and account: every request looks objects up, so lookups never scan the log. */
  private readonly byId = new Map<string, PublishedItem>();
  private readonly byAccount = new Map<string, PublishedItem[]>();

  record(item: Omit<PublishedItem, 'sequence'>): PublishedItem {
    const saved = { ...item, sequence: this.items.length + 1 };
    this.items.push(saved);
    this.index(saved);
    return saved;
  }

  find(network: string, postId: string): PublishedItem | undefined {
    return this.byId.get(key(network, postId));
  }

  list(filter: { network?: string; accountId?: string } = {}): PublishedItem[] {
    if (filter.network && filter.accountId)
      return [...(this.byAccount.get(key(filter.network, filter.accountId)) ?? [])];
    return this.items.filter(
      (item) =>
        (!filter.network || item.network === filter.network) &&
        (!filter.accountId || item.accountId === filter.accountId),
    );
  }

  clear(): void {
    this.items = [];
    this.byId.clear();
    this.byAccount.clear();
  }

  toJSON(): PublishedItem[] {
    return this.items;
  }

  load(items: PublishedItem[]): void {
    this.clear();
    this.items = [...items];
    for (const item of this.items) this.index(item);
  }

  private index(item: PublishedItem): void {
    // The first record of an id wins, as the scan it replaces found the first.
    if (!this.byId.has(key(item.network, item.postId))) this.byId.set(key(item.network, item.postId), item);
    const account = key(item.network, item.accountId);
    const items = this.byAccount.get(account);
    if (items) items.push(item);
    else this.byAccount.set(account, [item]);
  }
}

function key(network: string, id: string): string {
  return `${network}\u0000${id}`;
}
