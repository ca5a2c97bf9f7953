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
}

/**
 * One thing that became visible on a network: a post, a reply or a comment. What only one network
 * records of it (X's poll, Instagram's placement and tags, a Facebook post's link) is declared in
 * that network's folder (`declare module '../state/published-log'`), as test users' parts are.
 */
export interface PublishedItem {
  sequence: number;
  /** The id of the emulated network. */
  network: string;
  /** The page or profile it was published as. */
  accountId: string;
  postId: string;
  text: string;
  media: PublishedMedia[];
  /** Where a reply is a post of its own (an X reply): the post it replies to. */
  replyToId?: string;
  /** Facebook and Instagram: the post (or comment) a comment is under. */
  parentId?: string;
  /** Someone other than the account wrote it (a comment added through the control API); undefined: the account itself. */
  author?: { id: string; username: string };
  permalink: string;
  publishedAt: string;
  deletedAt?: string;
  /** When its author last changed its text in place (a Facebook post's message, a LinkedIn commentary). */
  editedAt?: string;
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
