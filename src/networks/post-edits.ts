import type { AccountTokens, AppCredentials, AccountTraits, PublishProgress } from './network-adapter';

/**
 * Editing the text of a post after it was published, where the network's API allows it: a Facebook
 * Page post's message, a LinkedIn post's commentary, an X post within X's edit window. A network
 * whose posts are immutable through its API (Instagram, Threads, Bluesky) has no `textEdits`.
 */

/** Why a published post cannot be edited now (a delivery error code, with words for the customer). */
export interface EditRefusal {
  code: 'edit_not_supported' | 'edit_window_closed' | 'edit_requires_subscription' | 'edit_limit_reached';
  message: string;
}

/** What the rules of a network's edit look at before anything is sent. */
export interface EditableDelivery {
  /** When the network published it. */
  publishedAt: Date;
  /** The account's traits as stored (X: its subscription). */
  traits: AccountTraits;
  /** The edits the service made of it already (X counts its edits). */
  editsMade: number;
  /** What publishing recorded (X: a thread's tweet ids; a reply in a thread is a post of its own). */
  progress: PublishProgress;
  /** The post carries media (X's edit would have to name them again: not sent). */
  hasMedia: boolean;
}

export interface EditRequest {
  networkAccountId: string;
  tokens: AccountTokens;
  app: AppCredentials;
  /** The network's id of the post as it is now (X: the latest version's id). */
  platformPostId: string;
  /** The new text, as a new post's text (the adapter formats it for the network). */
  text: string;
  progress: PublishProgress;
  /**
   * True when an earlier attempt of this edit may have reached the network (its answer was lost):
   * an adapter whose edit is not idempotent (X makes a new post id with each edit) looks at the
   * post's edit history first and adopts what it finds.
   */
  resuming: boolean;
}

export interface EditOutcome {
  /** The post's id after the edit: the same id where the network edits in place, X's new id. */
  platformPostId: string;
  /** The delivery's progress after the edit, when the id it records changed; kept as it was when absent. */
  progress?: PublishProgress;
}

/** The part of an adapter that edits published posts' text. */
export interface TextEditing {
  /** Refuses an edit the network would refuse (its window, the account's subscription), before any call. */
  refusal(delivery: EditableDelivery, now: Date): EditRefusal | undefined;
  /** Sends the edit. Throws NetworkError, classified. */
  editText(request: EditRequest): Promise<EditOutcome>;
}

/** Whether the adapter edits its published posts' text (the capability document reads the same). */
export function editsPublishedText(adapter: { textEdits?: TextEditing } | undefined): boolean {
  return adapter?.textEdits !== undefined;
}
