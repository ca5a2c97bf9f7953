import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import { AccountStatus, ConnectedAccount } from './connected-account.entity';

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

  listForTenant(customerId: string, tenantId: string, statuses: readonly AccountStatus[]): Promise<ConnectedAccount[]> {
    return this.repo().find({
      where: { customerId, tenantId, status: In([...statuses]) },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
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
