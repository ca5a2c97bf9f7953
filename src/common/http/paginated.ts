/** What a paginated list answers beside its items. */
export interface Pagination {
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/**
 * A page of a list whose `data` stays a plain array (as it was before the list had pages, so
 * clients reading `data` keep working): the envelope interceptor sends the items as `data` and
 * the paging state beside it as `pagination`.
 */
export class Paginated<T> {
  constructor(
    readonly items: T[],
    readonly pagination: Pagination,
  ) {}

  /**
   * A small fixed list answered whole (the installed networks): the same shape as every list, so a
   * client's paging loop reads it too, with no next page and no `limit` or `cursor` to take.
   */
  static whole<T>(items: T[]): Paginated<T> {
    return new Paginated(items, { nextCursor: null });
  }
}
