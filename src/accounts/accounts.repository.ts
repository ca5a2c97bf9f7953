import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository, SelectQueryBuilder } from 'typeorm';
import { afterCursorSql, createdMicrosSql, PageCursor } from '../common/http/page-cursor';
import { AccountStatus, ConnectedAccount } from './connected-account.entity';

export interface AccountPageRequest {
  statuses: readonly AccountStatus[];
  /** The last account of the previous page; none for the first page. */
  after?: PageCursor;
  limit: number;
}

export interface AccountPage {
  accounts: ConnectedAccount[];
  /** Where the next page starts (this page's last account), or null when this is the last page. */
  next: PageCursor | null;
}

/**
 * The only way to the connected_accounts table. Every lookup takes the owning customer's id first,
 * so a query that is not scoped to a customer cannot be written by accident; writes take an
 * account that was loaded (or built) for its customer. Methods that take a transaction run in it.
 */
@Injectable()
export class AccountsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private repo(transaction?: EntityManager): Repository<ConnectedAccount> {
    return (transaction ?? this.dataSource.manager).getRepository(ConnectedAccount);
  }

  /**
   * One page of the tenant's accounts in the order they were first connected (created_at, then id
   * to break ties): the rows after the cursor, by keyset, one more than the page to learn whether
   * another page follows. `next` is the page's last row, or null on the last page.
   */
  async listPageForTenant(customerId: string, tenantId: string, page: AccountPageRequest): Promise<AccountPage> {
    const { entities, raw } = await this.pageQuery(customerId, tenantId, page).getRawAndEntities<{ created_micros: string }>();
    const accounts = entities.slice(0, page.limit);
    const last = accounts[accounts.length - 1];
    const more = entities.length > page.limit;
    return { accounts, next: more && last ? { createdMicros: raw[accounts.length - 1]!.created_micros, id: last.id } : null };
  }

  /**
   * The statement of one page. Its WHERE and ORDER BY match connected_accounts_tenant_page_idx
   * (customer_id, tenant_id, created_at, id), so a page reads about `limit` index entries however
   * deep it is. Public so a test can EXPLAIN the very statement the list runs.
   */
  pageQuery(customerId: string, tenantId: string, page: AccountPageRequest): SelectQueryBuilder<ConnectedAccount> {
    const query = this.repo()
      .createQueryBuilder('account')
      .addSelect(createdMicrosSql('account.created_at'), 'created_micros')
      .where('account.customer_id = :customerId AND account.tenant_id = :tenantId', { customerId, tenantId })
      .andWhere('account.status IN (:...statuses)', { statuses: [...page.statuses] })
      .orderBy('account.created_at', 'ASC')
      .addOrderBy('account.id', 'ASC')
      .limit(page.limit + 1);
    if (page.after) {
      query.andWhere(afterCursorSql('account.created_at', 'account.id', ':afterMicros', ':afterId'), {
        afterMicros: page.after.createdMicros,
        afterId: page.after.id,
      });
    }
    return query;
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
    const result = await this.repo(transaction).createQueryBuilder().insert().values(account).orIgnore().returning('id').execute();
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
  async markDisconnected(customerId: string, id: string, connectedAt: Date): Promise<boolean> {
    const result = await this.repo().update(
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
