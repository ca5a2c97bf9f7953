import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { AccountStatus, ConnectedAccount } from './connected-account.entity';

/**
 * The only way to the connected_accounts table. Every lookup takes the owning customer's id first,
 * so a query that is not scoped to a customer cannot be written by accident; writes take an
 * account that was loaded (or built) for its customer.
 */
@Injectable()
export class AccountsRepository {
  constructor(@InjectRepository(ConnectedAccount) private readonly accounts: Repository<ConnectedAccount>) {}

  listForTenant(customerId: string, tenantId: string, statuses: readonly AccountStatus[]): Promise<ConnectedAccount[]> {
    return this.accounts.find({
      where: { customerId, tenantId, status: In([...statuses]) },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  findById(customerId: string, id: string): Promise<ConnectedAccount | null> {
    return this.accounts.findOneBy({ customerId, id });
  }

  /** Marks the account disconnected and wipes its tokens in one statement. */
  async markDisconnected(customerId: string, id: string): Promise<void> {
    await this.accounts.update(
      { customerId, id },
      {
        status: 'disconnected',
        accessTokenEncrypted: null,
        refreshTokenEncrypted: null,
        tokenExpiresAt: null,
        disconnectedAt: () => 'now()',
      },
    );
  }

  findByNetworkAccount(customerId: string, tenantId: string, platform: string, networkAccountId: string): Promise<ConnectedAccount | null> {
    return this.accounts.findOneBy({ customerId, tenantId, platform, networkAccountId });
  }

  /** Inserts a new account; fails with a unique violation if the network account is already connected to the tenant. */
  async insert(account: ConnectedAccount): Promise<ConnectedAccount> {
    await this.accounts.insert(account);
    return this.accounts.findOneByOrFail({ customerId: account.customerId, id: account.id });
  }

  /** Saves changes to an account this customer owns. */
  save(account: ConnectedAccount): Promise<ConnectedAccount> {
    return this.accounts.save(account);
  }
}
