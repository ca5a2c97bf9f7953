import { Injectable } from '@nestjs/common';
import { Database } from '../database';
import type { Transaction } from '../database';
import type { EventType } from './event-types';
import { WebhookEndpoint } from './webhook-endpoint.entity';

/** An endpoint as a PUT writes it: enabled, with a new secret and no old one still signing. */
export interface EndpointSetting {
  customerId: string;
  url: string;
  secretEncrypted: string;
  secretLast4: string;
  /** Undefined keeps the subscription as it is; null means every type. */
  events: EventType[] | null | undefined;
}

/** A rotation's outcome: the new secret, and the old one (sealed) while its overlap lasts. */
export interface RotatedSecrets {
  secretEncrypted: string;
  secretLast4: string;
  /** Null when the old secret stops signing now. */
  previousSecretEncrypted: string | null;
  overlapSeconds: number;
}

/** The only way to the webhook_endpoints table (one row per customer). */
@Injectable()
export class WebhookEndpointsStore {
  constructor(private readonly database: Database) {}

  /** Writes the customer's endpoint (made or replaced), enabled again and with no old secret. */
  async put(setting: EndpointSetting): Promise<void> {
    await this.database.repository(WebhookEndpoint).upsert(
      {
        ...setting,
        previousSecretEncrypted: null,
        previousSecretExpiresAt: null,
        disabledAt: null,
        disabledReason: null,
        updatedAt: () => 'now()',
      },
      ['customerId'],
    );
  }

  async find(customerId: string): Promise<WebhookEndpoint | undefined> {
    return (await this.database.repository(WebhookEndpoint).findOneBy({ customerId })) ?? undefined;
  }

  /** The customer's endpoint, which must exist (TypeORM's EntityNotFoundError otherwise). */
  get(customerId: string): Promise<WebhookEndpoint> {
    return this.database.repository(WebhookEndpoint).findOneByOrFail({ customerId });
  }

  /** The customer's endpoint, its row locked until `transaction` ends. */
  async lock(customerId: string, transaction: Transaction): Promise<WebhookEndpoint | undefined> {
    return (
      (await this.database
        .repository(WebhookEndpoint, transaction)
        .findOne({ where: { customerId }, lock: { mode: 'pessimistic_write' } })) ?? undefined
    );
  }

  /** Replaces the secrets; `updated_at` is left alone (it tells PUTs apart, see disableAfterGone). */
  async rotate(customerId: string, secrets: RotatedSecrets, transaction: Transaction): Promise<void> {
    await this.database.execute(
      `UPDATE webhook_endpoints
            SET secret_encrypted = $2, secret_last4 = $3, previous_secret_encrypted = $4,
                previous_secret_expires_at = CASE WHEN $4::text IS NULL THEN NULL ELSE now() + make_interval(secs => $5) END
          WHERE customer_id = $1`,
      [
        customerId,
        secrets.secretEncrypted,
        secrets.secretLast4,
        secrets.previousSecretEncrypted,
        secrets.overlapSeconds,
      ],
      transaction,
    );
  }

  async delete(customerId: string): Promise<void> {
    await this.database.repository(WebhookEndpoint).delete({ customerId });
  }

  /**
   * Disables the endpoint after its receiver answered 410, but only the one written at `updatedAt`
   * (the one the attempt went to): a PUT since then (even of the same URL) stays enabled.
   */
  async disableAfterGone(customerId: string, updatedAt: Date, transaction: Transaction): Promise<void> {
    await this.database.execute(
      "UPDATE webhook_endpoints SET disabled_at = now(), disabled_reason = 'The receiver answered 410 Gone', updated_at = now() WHERE customer_id = $1 AND date_trunc('milliseconds', updated_at) = $2 AND disabled_at IS NULL",
      [customerId, updatedAt],
      transaction,
    );
  }
}
