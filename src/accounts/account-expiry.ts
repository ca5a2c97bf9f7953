import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { EventOutbox } from '../webhooks/event-outbox';
import { ConnectedAccount } from './connected-account.entity';

/**
 * Marks an account expired (its token can no longer be used or refreshed) and records
 * account.token_expired, in the caller's transaction. Publishing and the token refresh can both
 * find out at the same moment; only whoever flips the status from active records the event, so the
 * customer hears it exactly once.
 */
@Injectable()
export class AccountExpiry {
  constructor(private readonly outbox: EventOutbox) {}

  /** True when this call expired the account; false when it was not active any more, or was reconnected since it was loaded. */
  async expire(transaction: EntityManager, account: ConnectedAccount, reason: string): Promise<boolean> {
    // connected_at pins the connection that failed: a reconnect that landed meanwhile stays active.
    // (Compared at the millisecond precision a JavaScript Date keeps.)
    const [rows] = (await transaction.query(
      `UPDATE connected_accounts SET status = 'expired', updated_at = now()
        WHERE id = $1 AND status = 'active' AND date_trunc('milliseconds', connected_at) = $2 RETURNING id`,
      [account.id, account.connectedAt],
    )) as [unknown[], number];
    if (rows.length === 0) return false;
    await this.outbox.record(transaction, {
      customerId: account.customerId,
      tenantId: account.tenantId,
      type: 'account.token_expired',
      data: { connectedAccountId: account.id, platform: account.platform, username: account.username, reason },
    });
    return true;
  }
}
