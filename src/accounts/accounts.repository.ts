import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { PreparedStatements } from '../database/prepared-statements';
import { afterCursorSql, createdMicrosSql, PageCursor } from '../common/http/page-cursor';
import { AccountStatus, ConnectedAccount } from './connected-account.entity';

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

/** The list's columns: what AccountView shows, shaped by PostgreSQL (no entity to build per row on the hot path). */
const LISTED_COLUMNS = `id, platform, username, nickname, status, tenant_id AS "tenantId", avatar_url AS "avatarUrl",
  to_char(connected_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "connectedAt", scopes AS permissions`;

/** The first page, and the pages after a cursor: $1 customer, $2 tenant, $3 statuses, $4 limit + 1, [$5 micros, $6 id]. */
const FIRST_PAGE_SQL = `SELECT ${LISTED_COLUMNS} FROM connected_accounts
  WHERE customer_id = $1 AND tenant_id = $2 AND status = ANY($3::text[])
  ORDER BY created_at, id LIMIT $4`;
const NEXT_PAGE_SQL = `SELECT ${LISTED_COLUMNS} FROM connected_accounts
  WHERE customer_id = $1 AND tenant_id = $2 AND status = ANY($3::text[]) AND ${afterCursorSql('created_at', 'id', '$5', '$6')}
  ORDER BY created_at, id LIMIT $4`;

/**
 * The only way to the connected_accounts table. Every lookup takes the owning customer's id first,
 * so a query that is not scoped to a customer cannot be written by accident; writes take an
 * account that was loaded (or built) for its customer. Methods that take a transaction run in it.
 */
@Injectable()
export class AccountsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly statements: PreparedStatements,
  ) {}

  private repo(transaction?: EntityManager): Repository<ConnectedAccount> {
    return (transaction ?? this.dataSource.manager).getRepository(ConnectedAccount);
  }

  /**
   * One page of the tenant's accounts in the order they were first connected (created_at, then id
   * to break ties): the rows after the cursor, by keyset, one more than the page to learn whether
   * another page follows. `next` is the page's last row, or null on the last page. The hot path of
   * the API: a named prepared statement, and rows shaped as the view wants them.
   */
  async listPageForTenant(customerId: string, tenantId: string, page: AccountPageRequest): Promise<AccountPage> {
    const { sql, params } = this.pageStatement(customerId, tenantId, page);
    const rows = await this.statements.query<ListedAccount>(sql, params);
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
    const [row] = await this.statements.query<{ micros: string }>(
      `SELECT ${createdMicrosSql('created_at')} AS micros FROM connected_accounts WHERE customer_id = $1 AND id = $2`,
      [customerId, id],
    );
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

  /** The tenant's account for a network account, locked for update within the transaction. */
  findByNetworkAccountForUpdate(
    transaction: EntityManager,
    key: { customerId: string; tenantId: string; platform: string; networkAccountId: string },
  ): Promise<ConnectedAccount | null> {
    return this.repo(transaction).findOne({ where: key, lock: { mode: 'pessimistic_write' } });
  }

  /** Inserts the account unless the network account is already connected to the tenant; true when inserted. */
  async insertIfAbsent(transaction: EntityManager, account: ConnectedAccount): Promise<boolean> {
    const result = await this.repo(transaction)
      .createQueryBuilder()
      .insert()
      .values(account)
      .orIgnore()
      .returning('id')
      .execute();
    return (result.raw as unknown[]).length === 1;
  }

  save(transaction: EntityManager, account: ConnectedAccount): Promise<ConnectedAccount> {
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
    transaction?: EntityManager,
  ): Promise<boolean> {
    const result = await this.repo(transaction).update(
      { customerId, id, connectedAt },
      {
        status: 'disconnected',
        accessTokenEncrypted: null,
        refreshTokenEncrypted: null,
        userTokenEncrypted: null,
        tokenExpiresAt: null,
        disconnectedAt: () => 'now()',
      },
    );
    return (result.affected ?? 0) > 0;
  }
}
