import { Injectable } from '@nestjs/common';
import { Database } from '../database';
import { EventOutbox } from '../webhooks';
import { AccountsStore } from './accounts.store';
import { ConnectedAccount } from './connected-account.entity';

/** How close to its expiry a token the service could not refresh is announced. */
export const TOKEN_EXPIRING_NOTICE_DAYS = 3;

/**
 * Records account.token_expiring for an account whose token the service just failed to refresh,
 * when that token expires within TOKEN_EXPIRING_NOTICE_DAYS: the customer can ask the user to
 * reconnect before publishing stops. `expiring_notice_for` remembers the expiry announced, so each
 * expiry is announced once, however many retries and scans fail on it; a refreshed or reconnected
 * token has another expiry and can be announced again.
 */
@Injectable()
export class AccountExpiringNotice {
  constructor(
    private readonly database: Database,
    private readonly accounts: AccountsStore,
    private readonly outbox: EventOutbox,
  ) {}

  /** True when this call recorded the event. */
  announce(account: ConnectedAccount, reason: string): Promise<boolean> {
    return this.database.transaction(async (transaction) => {
      const expiresAt = await this.accounts.noteExpiringNotice(account.id, TOKEN_EXPIRING_NOTICE_DAYS, transaction);
      if (!expiresAt) return false;
      await this.outbox.record(transaction, {
        customerId: account.customerId,
        tenantId: account.tenantId,
        type: 'account.token_expiring',
        data: {
          connectedAccountId: account.id,
          platform: account.platform,
          username: account.username,
          expiresAt: expiresAt.toISOString(),
          reason,
        },
      });
      return true;
    });
  }
}
