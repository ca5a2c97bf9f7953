import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** An event for the customer's webhook, recorded in the transaction of the change it reports (the outbox). */
@Entity('events')
export class OutboxEvent {
  @PrimaryColumn('text')
  id!: string;

  @Column('text', { name: 'customer_id' })
  customerId!: string;

  /** null for webhook.test, which belongs to no tenant. */
  @Column('text', { name: 'tenant_id', nullable: true })
  tenantId!: string | null;

  @Column('text')
  type!: string;

  @Column('jsonb')
  data!: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
