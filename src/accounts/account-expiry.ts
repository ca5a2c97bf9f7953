import { Injectable, Optional } from '@nestjs/common';
import type { Transaction } from '../database';
import { EventOutbox } from '../webhooks';
import { AccountsStore } from './accounts.store';
import { ConnectedAccount } from './connected-account.entity';
import { ServiceMetrics } from '../observability';

/**
 * Marks an account expired (its token can no longer be used or refreshed) and records
 * account.token_expired, in the caller's transaction. Publishing and the token refresh can both
 * find out at the same moment; only whoever flips the status from active records the event, so the
 * customer hears it exactly once.
 */
@Injectable()
export class AccountExpiry {
  constructor(
    private readonly accounts: AccountsStore,
    private readonly outbox: EventOutbox,
    @Optional() private readonly metrics?: ServiceMetrics,
  ) {}

  /** True when this call expired the account; false when it was not active any more, or was reconnected since it was loaded. */
  async expire(transaction: Transaction, account: ConnectedAccount, reason: string): Promise<boolean> {
    // connected_at pins the connection that failed: a reconnect that landed meanwhile stays active.
    if (!(await this.accounts.markExpired(account.id, account.connectedAt, transaction))) return false;
    await this.outbox.record(transaction, {
      customerId: account.customerId,
      tenantId: account.tenantId,
      type: 'account.token_expired',
      data: { connectedAccountId: account.id, platform: account.platform, username: account.username, reason },
    });
    // Counted when flipped (a rollback after this is rare, and would only count one too many).
    this.metrics?.accountExpired(account.platform);
    return true;
  }
}
