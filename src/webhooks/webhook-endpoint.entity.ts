import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { EventType } from './event-types';

/** A customer's one webhook endpoint. The secret is sealed (SecretBox); only its last 4 characters are shown. */
@Entity('webhook_endpoints')
export class WebhookEndpoint {
  @PrimaryColumn('text', { name: 'customer_id' })
  customerId!: string;

  @Column('text')
  url!: string;

  @Column('text', { name: 'secret_encrypted' })
  secretEncrypted!: string;

  @Column('text', { name: 'secret_last4' })
  secretLast4!: string;

  /** After a rotation, the old secret (sealed), still signing until `previousSecretExpiresAt`. */
  @Column('text', { name: 'previous_secret_encrypted', nullable: true })
  previousSecretEncrypted!: string | null;

  @Column('timestamptz', { name: 'previous_secret_expires_at', nullable: true })
  previousSecretExpiresAt!: Date | null;

  /** Set when the receiver answered 410 Gone: nothing is sent until the endpoint is PUT again. */
  @Column('timestamptz', { name: 'disabled_at', nullable: true })
  disabledAt!: Date | null;

  @Column('text', { name: 'disabled_reason', nullable: true })
  disabledReason!: string | null;

  /** The subscribed event types; NULL means all, including types added later. */
  @Column('text', { array: true, nullable: true })
  events!: EventType[] | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
