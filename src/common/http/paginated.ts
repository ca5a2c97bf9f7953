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
}
