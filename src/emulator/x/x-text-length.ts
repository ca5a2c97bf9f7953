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
