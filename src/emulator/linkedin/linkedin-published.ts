/** What the published log records of a LinkedIn post beyond what every network's item has: the body it went out with. */
export interface LinkedInPublishedFields {
  visibility?: string;
  reshareDisabled?: boolean;
  /** The content kind: media, multiImage, article, poll (absent: text only). */
  content?: string;
  article?: { source: string; title: string; description?: string };
  poll?: { question: string; options: string[]; duration: string };
  documentTitle?: string;
  /** The commentary as sent (little text), before LinkedIn read it. */
  commentary?: string;
  /** True when an unescaped reserved character cut the text (what LinkedIn does, silently). */
  truncated?: boolean;
  /** The member who made the call, for an organization's post. */
  actingMember?: string;
  /** The `content` sent, as JSON: a later post with the same commentary and content is a duplicate. */
  contentJson?: unknown;
}

declare module '../state/published-log' {
  interface PublishedItem {
    /** LinkedIn: how the post was published (undefined for someone else's comment added by the control API). */
    linkedin?: LinkedInPublishedFields;
  }
}
