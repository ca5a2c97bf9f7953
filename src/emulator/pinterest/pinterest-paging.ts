import { pinterestErrors } from './pinterest-errors';

/**
 * Pinterest's bookmark paging (`page_size` 1 to 250, default 25; `bookmark` from the previous page):
 * the bookmark here is the offset, base64url, so a later page never repeats an item.
 */
export function pinterestPage<T>(
  items: readonly T[],
  query: { page_size?: string; bookmark?: string },
): { items: T[]; bookmark: string | null } {
  const size = query.page_size === undefined ? 25 : Number(query.page_size);
  if (!Number.isInteger(size) || size < 1 || size > 250) throw pinterestErrors.invalid('page_size must be 1 to 250');
  const from = query.bookmark ? Number(Buffer.from(query.bookmark, 'base64url').toString('utf8')) : 0;
  if (!Number.isInteger(from) || from < 0) throw pinterestErrors.invalid('Invalid bookmark');
  const next = from + size;
  return {
    items: items.slice(from, next),
    bookmark: next < items.length ? Buffer.from(String(next)).toString('base64url') : null,
  };
}
