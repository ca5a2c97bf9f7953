/**
 * The codes a delivery's `error.code` can hold (and a post.failed event's `data.errorCode`). A failed
 * delivery keeps the code it failed with; a pending one shows why it waits (rate_limited,
 * usage_capped, network_unavailable) until its next attempt.
 */
export const DELIVERY_ERROR_MEANINGS = {
  account_expired: 'Failed: the account expired before the delivery was published; reconnect it',
  account_disconnected: 'Failed: the account was disconnected before the delivery was published',
  token_expired: 'Failed: the network no longer accepts the account token; reconnect the account',
  network_rejected: 'Failed: the network refused the post (the message says why)',
  media_unavailable:
    "Failed: a medium's URL did not give its file (it answered an error, did not answer, or its address is refused), to the network that fetches it or to the service before an upload (the message says which)",
  permission_missing:
    'Failed: the account lacks a permission this needs at the network (the message names it); reconnect the account to grant it',
  retries_exhausted: 'Failed: the network kept failing until the last attempt',
  rate_limited: "Pending: waiting for the network's rate-limit window. Failed: the window did not open within 48 hours",
  usage_capped:
    "Pending: X's usage cap for the app is used up; waiting for the start of the cap's next period (UTC day or month). Failed: that is more than 48 hours away",
  network_unavailable: 'Pending: the network failed for a moment; the delivery is tried again',
  unpublish_not_supported:
    "Unpublish: the delivery's network cannot delete a post through its API with the service's login (Instagram Login); nothing was changed",
  unpublish_failed: 'Unpublish: the network refused the delete (the message says why); the delivery is still published',
  edit_not_supported:
    "Edit (the delivery's `edit.error`): the network keeps a published post's text as it is (Instagram, Threads, Bluesky, TikTok, YouTube, Pinterest; a Facebook video or reel; an X post with media); nothing was sent",
  edit_window_closed: "Edit: X's edit window (30 minutes after posting) has closed; nothing was sent",
  edit_requires_subscription: 'Edit: X lets only accounts with a paid subscription edit posts; nothing was sent',
  edit_limit_reached: 'Edit: X lets a post be edited at most 5 times; nothing was sent',
  edit_failed: 'Edit: the network refused the edit (the message says why); the post keeps its previous text',
} as const;

export type DeliveryErrorCode = keyof typeof DELIVERY_ERROR_MEANINGS;

export const DELIVERY_ERROR_CODES = Object.keys(DELIVERY_ERROR_MEANINGS) as DeliveryErrorCode[];
