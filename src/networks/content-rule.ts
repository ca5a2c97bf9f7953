/**
 * The names of the content rules a network checks (NetworkAdapter.validate), stable for programs
 * to switch on; the message beside each is for people. A network with a rule none of these names
 * adds its own here.
 */
export const CONTENT_RULES = [
  /** The post has no container at all. */
  'containers_required',
  /** A part has neither text nor media (X, a Facebook post). */
  'content_required',
  /** The text is longer than the network counts as allowed (X: weighted characters; Instagram: the caption). */
  'text_too_long',
  /** More links in one post than the network takes (counted as the network counts them). */
  'links_too_many',
  /** The text holds characters the network refuses. */
  'text_invalid_characters',
  /** More hashtags than the network takes (Instagram). */
  'hashtags_too_many',
  /** More @mentions than the network takes (Instagram). */
  'mentions_too_many',
  /** The network publishes nothing without media (Instagram). */
  'media_required',
  /** More media than one post of the network takes. */
  'media_too_many',
  /** Media the network does not combine in one post (X: a GIF or a video with anything; Facebook: a video with anything). */
  'media_mixed',
  /** A medium of a kind the placement does not take (an Instagram reel: a video, not an image). */
  'media_kind',
  /** A file format the network does not take. */
  'media_format',
  /** An uploaded medium larger than the network takes for its kind. */
  'media_too_large',
  /** An uploaded video longer than the network takes (an Instagram carousel's videos: 60 s). */
  'media_too_long',
  /** An uploaded video shorter than the network takes. */
  'media_too_short',
  /** Thread parts become comments on this network, which take no media. */
  'thread_media_not_allowed',
  /** Thread parts become comments on this network, which need text. */
  'thread_text_required',
  /** An option the network does not have (misspelt, or another network's). */
  'option_unknown',
  /** An option's value is not of the form the network takes (an id's pattern, a type). */
  'option_invalid',
  /**
   * An option the network needs on every post and has no default for, absent from the options an
   * account resolves to (Pinterest: the board a pin goes on; TikTok: privacyLevel, its rules forbid
   * a default; YouTube: a video's title and its audience declaration).
   */
  'option_required',
  /** Options (or options and media) the network does not take together in one post (X: media, poll, quote). */
  'options_exclusive',
  /** X: a poll's choices (2 to 4, each 1 to 25 characters) or its duration (5 to 10,080 minutes). */
  'poll_invalid',
  /** X: a poll and media in the same post. */
  'poll_with_media',
  /** X: a reply setting X does not know. */
  'reply_settings_invalid',
  /**
   * A warning, never a refusal: the network cannot take a medium's alt text there (a reel, a story,
   * a video), so the medium is published without it.
   */
  'alt_text_not_sent',
  /**
   * A warning, never a refusal: the placement publishes no text (an Instagram or a Facebook story),
   * so the post goes out without it.
   */
  'text_not_sent',
  /** The placement takes no thread parts (a Facebook story has no comments). */
  'thread_not_allowed',
  /**
   * A warning, never a refusal: an option the post's kind does not take (TikTok: a duet setting on
   * a photo post, a title on a video, any setting but the mode on a video draft) is not sent.
   */
  'option_not_sent',
  /**
   * A warning, never a refusal: the network's app may post privately only (TikTok: an app TikTok
   * has not audited posts SELF_ONLY), so the post will be seen by its account alone.
   */
  'private_only',
] as const;

/** Rules that only warn: listed under `warnings` by POST /posts/validate; the post is still accepted. */
export const CONTENT_WARNINGS: ReadonlySet<ContentRule> = new Set<ContentRule>([
  'alt_text_not_sent',
  'text_not_sent',
  'option_not_sent',
  'private_only',
]);

export type ContentRule = (typeof CONTENT_RULES)[number];
