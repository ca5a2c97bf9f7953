import { Injectable } from '@nestjs/common';
import { In, Repository } from 'typeorm';
import { Database } from '../database';
import type { Transaction } from '../database';
import { PageCursor } from '../common/http/page-cursor';
import {
  COUNT_BY_PLATFORM_AND_STATUS_SQL,
  CREATED_MICROS_SQL,
  dashboardSearchSql,
  EXPIRING_NOTICE_SQL,
  FIRST_PAGE_SQL,
  MARK_EXPIRED_SQL,
  NEXT_PAGE_SQL,
  OTHER_ACCOUNT_OF_USER_SQL,
  PERMISSIONS_LOST_SQL,
  REFRESHED_TOKENS_SQL,
  TOKEN_REFRESH_DUE_SQL,
  TRAITS_SQL,
} from './accounts.sql';
import { AccountStatus, ConnectedAccount } from './connected-account.entity';
import type { SealedTokens } from './token-vault';
import type { AccountTraits } from '../networks';

export interface AccountPageRequest {
  statuses: readonly AccountStatus[];
  /** The last account of the previous page; none for the first page. */
  after?: PageCursor;
  limit: number;
}

/** An account as the list shows it: the view's columns only (never a token), its time already ISO 8601. */
export interface ListedAccount {
  id: string;
  platform: string;
  username: string;
  nickname: string;
  status: AccountStatus;
  tenantId: string;
  avatarUrl: string | null;
  /** ISO 8601 in UTC, as the API answers it. */
  connectedAt: string;
  /** What the network granted (the scopes column). */
  permissions: string[];
}

export interface AccountPage {
  accounts: ListedAccount[];
  /** Where the next page starts (this page's last account), or null when this is the last page. */
  next: PageCursor | null;
}

/** How many of the customer's accounts are on a network in a status. */
export interface AccountCount {
  platform: string;
  status: string;
  count: number;
}

interface DashboardAccountRow {
  id: string;
  platform: string;
  username: string;
  nickname: string;
  status: AccountStatus;
  tenant_id: string;
  avatar_url: string | null;
  connected_at: Date;
  scopes: string[];
}

/**
 * The only way to the connected_accounts table. Lookups for a customer's request take the owning
 * customer's id first, so a query that is not scoped to a customer cannot be written by accident;
 * the few that are not (`…ForJob`) serve background jobs whose payload carries an account id read
 * from a customer's own row. Writes take an account that was loaded (or built) for its customer.
 * Methods that take a transaction run in it.
 */
@Injectable()
export class AccountsStore {
  constructor(private readonly database: Database) {}

  private repo(transaction?: Transaction): Repository<ConnectedAccount> {
    return this.database.repository(ConnectedAccount, transaction);
  }

  /**
   * One page of the tenant's accounts in the order they were first connected (created_at, then id
   * to break ties): the rows after the cursor, by keyset, one more than the page to learn whether
   * another page follows. `next` is the page's last row, or null on the last page. The hot path of
   * the API: a named prepared statement, and rows shaped as the view wants them.
   */
  async listPageForTenant(customerId: string, tenantId: string, page: AccountPageRequest): Promise<AccountPage> {
    const { sql, params } = this.pageStatement(customerId, tenantId, page);
    const rows = await this.database.hot<ListedAccount>(sql, params);
    const accounts = rows.slice(0, page.limit);
    const last = accounts[accounts.length - 1];
    // The cursor needs the last row's created_at to the microsecond: read for that row alone, and
    // only when another page follows (most tenants fit in one).
    const next =
      rows.length > page.limit && last
        ? { createdMicros: await this.createdMicros(customerId, last.id), id: last.id }
        : null;
    return { accounts, next };
  }

  private async createdMicros(customerId: string, id: string): Promise<string> {
    const [row] = await this.database.hot<{ micros: string }>(CREATED_MICROS_SQL, [customerId, id]);
    return row!.micros;
  }

  /**
   * The statement of one page. Its WHERE and ORDER BY match connected_accounts_tenant_page_idx
   * (customer_id, tenant_id, created_at, id), so a page reads about `limit` index entries however
   * deep it is. Public so a test can EXPLAIN the very statement the list runs.
   */
  pageStatement(customerId: string, tenantId: string, page: AccountPageRequest): { sql: string; params: unknown[] } {
    const params: unknown[] = [customerId, tenantId, [...page.statuses], page.limit + 1];
    if (!page.after) return { sql: FIRST_PAGE_SQL, params };
    return { sql: NEXT_PAGE_SQL, params: [...params, page.after.createdMicros, page.after.id] };
  }

  findById(customerId: string, id: string): Promise<ConnectedAccount | null> {
    return this.repo().findOneBy({ customerId, id });
  }

  /** The customer's accounts among `ids` (those that are not the customer's are left out), in no set order. */
  findManyForCustomer(customerId: string, ids: readonly string[]): Promise<ConnectedAccount[]> {
    return this.repo().findBy({ customerId, id: In([...ids]) });
  }

  /** An account by id alone, for a background job whose payload names it; null when it is gone. */
  findForJob(id: string): Promise<ConnectedAccount | null> {
    return this.repo().findOneBy({ id });
  }

  /**
   * As findForJob, for a job whose account cannot be gone (a delivery's): throws TypeORM's
   * EntityNotFoundError otherwise. In `transaction` when given.
   */
  getForJob(id: string, transaction?: Transaction): Promise<ConnectedAccount> {
    return this.repo(transaction).findOneByOrFail({ id });
  }

  /** The tenant's account for a network account, locked for update within the transaction. */
  findByNetworkAccountForUpdate(
    key: { customerId: string; tenantId: string; platform: string; networkAccountId: string },
    transaction: Transaction,
  ): Promise<ConnectedAccount | null> {
    return this.repo(transaction).findOne({ where: key, lock: { mode: 'pessimistic_write' } });
  }

  /** Inserts the account unless the network account is already connected to the tenant; true when inserted. */
  async insertIfAbsent(account: ConnectedAccount, transaction: Transaction): Promise<boolean> {
    const result = await this.repo(transaction)
      .createQueryBuilder()
      .insert()
      .values(account)
      .orIgnore()
      .returning('id')
      .execute();
    return Array.isArray(result.raw) && result.raw.length === 1;
  }

  save(account: ConnectedAccount, transaction: Transaction): Promise<ConnectedAccount> {
    return this.repo(transaction).save(account);
  }

  /**
   * Marks the account disconnected and wipes its tokens in one statement, only if it was not
   * reconnected since it was loaded (`connectedAt` changes on every connect): a reconnect that
   * happened meanwhile is not undone. True when wiped.
   */
  async markDisconnected(
    customerId: string,
    id: string,
    connectedAt: Date,
    transaction?: Transaction,
  ): Promise<boolean> {
    const result = await this.repo(transaction).update(
      { customerId, id, connectedAt },
      {
        status: 'disconnected',
        accessTokenEncrypted: null,
        refreshTokenEncrypted: null,
        userTokenEncrypted: null,
        tokenBindingEncrypted: null,
        tokenExpiresAt: null,
        disconnectedAt: () => 'now()',
      },
    );
    return (result.affected ?? 0) > 0;
  }

  /**
   * Marks an active account expired, only the connection loaded (`connectedAt`, compared at the
   * millisecond precision a JavaScript Date keeps): a reconnect that landed meanwhile stays
   * active. True when this call expired it.
   */
  async markExpired(id: string, connectedAt: Date, transaction: Transaction): Promise<boolean> {
    const rows = await this.database.rows<{ id: string }>(MARK_EXPIRED_SQL, [id, connectedAt], transaction);
    return rows.length > 0;
  }

  /**
   * Remembers that the active account's token expiry, within `days`, is being announced; the
   * expiry when this call is the first to announce it, undefined otherwise.
   */
  async noteExpiringNotice(id: string, days: number, transaction: Transaction): Promise<Date | undefined> {
    const [row] = await this.database.rows<{ token_expires_at: Date }>(EXPIRING_NOTICE_SQL, [id, days], transaction);
    return row?.token_expires_at;
  }

  /**
   * Takes `lost` off the active account's permissions, keeping `kept`, for the connection loaded
   * only, and only if another reader did not record the loss first. True when this call did.
   */
  async dropPermissions(
    id: string,
    connectedAt: Date,
    kept: readonly string[],
    lost: readonly string[],
    transaction: Transaction,
  ): Promise<boolean> {
    const { affected } = await this.database.execute(
      PERMISSIONS_LOST_SQL,
      [id, [...kept], connectedAt, [...lost]],
      transaction,
    );
    return affected > 0;
  }

  /** Stores refreshed tokens on the active account, only the connection they came from (a reconnect meanwhile keeps its own). */
  async storeRefreshedTokens(
    id: string,
    connectedAt: Date,
    sealed: SealedTokens,
    expiresAt: Date | null,
  ): Promise<void> {
    await this.database.execute(REFRESHED_TOKENS_SQL, [
      id,
      sealed.accessTokenEncrypted,
      sealed.refreshTokenEncrypted,
      sealed.userTokenEncrypted,
      expiresAt,
      connectedAt,
      sealed.tokenBindingEncrypted,
    ]);
  }

  /** Stores the traits the network told of the active account now, only for the connection they were read for. */
  async storeTraits(id: string, connectedAt: Date, traits: AccountTraits): Promise<void> {
    await this.database.execute(TRAITS_SQL, [id, JSON.stringify(traits), connectedAt]);
  }

  /** Whether another account (of any customer or tenant), not disconnected, is reached through the same network user. */
  async otherAccountOfUser(networkUserId: string, exceptId: string): Promise<boolean> {
    const rows = await this.database.rows<{ found: number }>(OTHER_ACCOUNT_OF_USER_SQL, [networkUserId, exceptId]);
    return rows.length > 0;
  }

  /**
   * The active accounts whose token is due for refresh at `now`, soonest expiry first: a network's
   * tokens are due within its `aheadMs` of their expiry. Runs in the scan's transaction.
   */
  async dueForTokenRefresh(
    windows: readonly { platform: string; aheadMs: number }[],
    now: Date,
    transaction: Transaction,
  ): Promise<string[]> {
    const rows = await this.database.rows<{ id: string }>(
      TOKEN_REFRESH_DUE_SQL,
      [windows.map((window) => window.platform), windows.map((window) => window.aheadMs), now],
      transaction,
    );
    return rows.map((row) => row.id);
  }

  /** The dashboard's list: the customer's accounts across tenants, newest connection first, at most `limit`. */
  async searchForDashboard(
    customerId: string,
    filters: { tenantId?: string; status?: AccountStatus },
    limit: number,
  ): Promise<ListedAccount[]> {
    const rows = await this.database.rows<DashboardAccountRow>(dashboardSearchSql(limit), [
      customerId,
      filters.tenantId ?? null,
      filters.status ?? null,
    ]);
    return rows.map((row) => ({
      id: row.id,
      platform: row.platform,
      username: row.username,
      nickname: row.nickname,
      status: row.status,
      tenantId: row.tenant_id,
      avatarUrl: row.avatar_url,
      connectedAt: row.connected_at.toISOString(),
      permissions: row.scopes,
    }));
  }

  /** How many of the customer's accounts are on each network in each status, by network then status. */
  countByPlatformAndStatus(customerId: string): Promise<AccountCount[]> {
    return this.database.rows<AccountCount>(COUNT_BY_PLATFORM_AND_STATUS_SQL, [customerId]);
  }
}
