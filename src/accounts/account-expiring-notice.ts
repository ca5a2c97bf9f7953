import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { EventOutbox } from '../webhooks/event-outbox';
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
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: EventOutbox,
  ) {}

  /** True when this call recorded the event. */
  announce(account: ConnectedAccount, reason: string): Promise<boolean> {
    return this.dataSource.transaction(async (transaction) => {
      const [rows] = (await transaction.query(
        `UPDATE connected_accounts SET expiring_notice_for = token_expires_at
          WHERE id = $1 AND status = 'active' AND token_expires_at > now()
            AND token_expires_at <= now() + make_interval(days => $2)
            AND expiring_notice_for IS DISTINCT FROM token_expires_at
          RETURNING token_expires_at`,
        [account.id, TOKEN_EXPIRING_NOTICE_DAYS],
      )) as [Array<{ token_expires_at: Date }>, number];
      const [row] = rows;
      if (!row) return false;
      await this.outbox.record(transaction, {
        customerId: account.customerId,
        tenantId: account.tenantId,
        type: 'account.token_expiring',
        data: {
          connectedAccountId: account.id,
          platform: account.platform,
          username: account.username,
          expiresAt: row.token_expires_at.toISOString(),
          reason,
        },
      });
      return true;
    });
  }
}
