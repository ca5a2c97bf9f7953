import { Injectable } from '@nestjs/common';
import { ApiException } from '../common/errors/api-exception';
import { isUniqueViolation } from '../common/errors/sql-state';
import { newId } from '../common/ids';
import { CustomersStore } from './customers.store';
import { RedirectUrl } from './redirect-url.entity';

/** Normal form of an allowed redirect URL: absolute http(s), no fragment; query kept as given. */
export function normalizeRedirectUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw ApiException.validation([{ field: 'url', message: 'url must be an absolute URL' }]);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw ApiException.validation([{ field: 'url', message: 'url must use http or https' }]);
  }
  if (url.hash) throw ApiException.validation([{ field: 'url', message: 'url must not have a #fragment' }]);
  if (url.username || url.password)
    throw ApiException.validation([{ field: 'url', message: 'url must not carry credentials' }]);
  return url.toString();
}

/** The OAuth redirect URLs a customer allows at the end of the connect flow. */
@Injectable()
export class RedirectUrlsService {
  constructor(private readonly customers: CustomersStore) {}

  async add(customerId: string, raw: string): Promise<RedirectUrl> {
    const url = normalizeRedirectUrl(raw);
    const existing = await this.customers.findRedirectUrl(customerId, url);
    if (existing) return existing;
    try {
      return await this.customers.insertRedirectUrl({ id: newId('redirectUrl'), customerId, url });
    } catch (error) {
      // The same URL was added concurrently: adding is idempotent, so answer with that row.
      if (isUniqueViolation(error)) return this.customers.getRedirectUrl(customerId, url);
      throw error;
    }
  }

  /**
   * True when `candidate` is one of the customer's allowed redirect URLs: scheme, host, port and
   * path equal. Its own query string is allowed (and kept by the connect flow). A test world has
   * no list of its own: it is allowed its live customer's, so it works without setting up again.
   */
  async isAllowed(customerId: string, candidate: string): Promise<boolean> {
    let target: URL;
    try {
      target = new URL(candidate);
    } catch {
      return false;
    }
    if (target.hash || target.username || target.password) return false;
    const allowed = await this.customers.allowedRedirectUrls(customerId);
    return allowed.some((url) => {
      const rule = new URL(url);
      return rule.protocol === target.protocol && rule.host === target.host && rule.pathname === target.pathname;
    });
  }

  list(customerId: string): Promise<RedirectUrl[]> {
    return this.customers.listRedirectUrls(customerId);
  }

  async remove(customerId: string, raw: string): Promise<void> {
    const url = normalizeRedirectUrl(raw);
    if (!(await this.customers.deleteRedirectUrl(customerId, url))) throw ApiException.notFound(`Redirect URL ${url}`);
  }
}
