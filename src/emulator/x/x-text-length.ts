/**
 * Tweet length as X weighs it (twitter-text v3 defaults): code points in the Latin and general
 * punctuation ranges weigh 1, everything else (CJK, emoji) 2, and every URL 23. An approximation of
 * the `twitter-text` package, which the service itself uses; close enough for an emulator to
 * refuse what X would refuse.
 */
const LIGHT_RANGES: ReadonlyArray<[number, number]> = [
  [0x0000, 0x10ff],
  [0x2000, 0x200d],
  [0x2010, 0x201f],
  [0x2032, 0x2037],
];
const URL_WEIGHT = 23;
const URL_PATTERN = /https?:\/\/[^\s]+/gi;

export const X_MAX_WEIGHTED_LENGTH = 280;
/** A long post's most (25,000) and the subscriptions that may post one: see xMaxTweetLength. */
export const X_LONG_POST_MAX_WEIGHTED_LENGTH = 25_000;
const LONG_POST_SUBSCRIPTIONS: ReadonlySet<string> = new Set(['Premium', 'PremiumPlus']);

/**
 * How long a tweet of a user with this subscription may be: 25,000 weighted characters for Premium
 * and PremiumPlus, 280 for Basic and None. X publishes no table of it; this is the service's
 * reading (src/networks/x/x-subscription.ts says why), which the emulator enforces the same way.
 */
export function xMaxTweetLength(subscriptionType: string | undefined): number {
  return subscriptionType !== undefined && LONG_POST_SUBSCRIPTIONS.has(subscriptionType)
    ? X_LONG_POST_MAX_WEIGHTED_LENGTH
    : X_MAX_WEIGHTED_LENGTH;
}

/**
 * What a read-back shows as a long post's `text`: its first 280 weighted characters at most, cut
 * with an ellipsis; the whole text is `note_post.text` (X's Post.note_post).
 */
export function truncatedTweetText(text: string): string {
  if (weightedTweetLength(text) <= X_MAX_WEIGHTED_LENGTH) return text;
  let cut = '';
  for (const char of text) {
    if (weightedTweetLength(`${cut}${char}…`) > X_MAX_WEIGHTED_LENGTH) break;
    cut += char;
  }
  return `${cut}…`;
}

export function weightedTweetLength(text: string): number {
  const normalized = text.normalize('NFC');
  let weight = 0;
  const withoutUrls = normalized.replace(URL_PATTERN, () => {
    weight += URL_WEIGHT;
    return '';
  });
  for (const char of withoutUrls) {
    const codePoint = char.codePointAt(0) ?? 0;
    weight += LIGHT_RANGES.some(([low, high]) => codePoint >= low && codePoint <= high) ? 1 : 2;
  }
  return weight;
}
