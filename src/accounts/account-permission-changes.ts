import { Injectable, Logger } from '@nestjs/common';
import { Database } from '../database';
import { missingPermissions } from '../networks';
import { NetworkRegistry } from '../networks';
import { AccountTokens, AppCredentials } from '../networks';
import { EventOutbox } from '../webhooks';
import { AccountsStore } from './accounts.store';
import { ConnectedAccount } from './connected-account.entity';

/**
 * Keeps an account's recorded permissions true to the network after it was connected: when the
 * network says the account no longer holds some (a refusal for a permission, then the network's own
 * list; or a refresh answer's scopes), they are taken off the account and announced once with
 * account.permissions_lost. Gaining a permission takes a reconnect, which records the new grant.
 */
@Injectable()
export class AccountPermissionChanges {
  private readonly logger = new Logger(AccountPermissionChanges.name);

  constructor(
    private readonly database: Database,
    private readonly accounts: AccountsStore,
    private readonly networks: NetworkRegistry,
    private readonly outbox: EventOutbox,
  ) {}

  /**
   * After the network refused the account for a missing permission: reads what the network now
   * grants (where it can say) and records a loss. Best effort: the refusal is recorded either way.
   */
  async afterRefusal(account: ConnectedAccount, tokens: AccountTokens, app: AppCredentials): Promise<string[]> {
    const adapter = this.networks.get(account.platform);
    try {
      const granted = await adapter.grantedPermissions?.(tokens, app);
      return granted ? await this.granted(account, granted) : [];
    } catch (error) {
      this.logger.warn({
        msg: 'Could not read the permissions the network grants the account',
        accountId: account.id,
        err: error instanceof Error ? error.message : String(error),
      });
      return [];
    }
  }

  /** Records what the network now grants the account; resolves to the permissions it lost (none when nothing changed). */
  async granted(account: ConnectedAccount, granted: readonly string[]): Promise<string[]> {
    const now = new Set(granted);
    const lost = account.scopes.filter((permission) => !now.has(permission));
    if (lost.length === 0) return [];
    const kept = account.scopes.filter((permission) => now.has(permission));
    const announced = await this.database.transaction(async (transaction) => {
      // Only the connection these permissions were read for, and only if another reader did not record the loss first.
      if (!(await this.accounts.dropPermissions(account.id, account.connectedAt, kept, lost, transaction)))
        return false;
      await this.outbox.record(transaction, {
        customerId: account.customerId,
        tenantId: account.tenantId,
        type: 'account.permissions_lost',
        data: {
          connectedAccountId: account.id,
          platform: account.platform,
          username: account.username,
          lost,
          missingPermissions: missingPermissions(this.networks.get(account.platform).permissionNeeds, kept),
        },
      });
      return true;
    });
    if (announced) {
      this.logger.warn({ msg: 'The account lost permissions at the network', accountId: account.id, lost });
      account.scopes = kept;
    }
    return announced ? lost : [];
  }
}
