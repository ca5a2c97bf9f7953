/** "a, b or c" (or "a, b and c"): a list for people to read in a message. */
export function listInWords(items: readonly string[], last: 'or' | 'and' = 'or'): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;
}
