import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** `live` is the real thing; `test` is a customer's test world (see TestWorldsService). */
export type CustomerMode = 'live' | 'test';
export const CUSTOMER_MODES: readonly CustomerMode[] = ['live', 'test'];

/**
 * A customer of the service: owns API keys, tenants' accounts, redirect URLs and network apps.
 * A live customer's test world is a row of its own (mode `test`, `liveCustomerId` set), so the
 * scoping by customer id that keeps customers apart keeps the two worlds apart too.
 */
@Entity('customers')
export class Customer {
  @PrimaryColumn('text')
  id!: string;

  /** Unique among live customers; a test world carries its live customer's name. */
  @Column('text')
  name!: string;

  @Column('text', { default: 'live' })
  mode!: CustomerMode;

  /** The live customer a test world belongs to; null on a live customer. */
  @Column('text', { name: 'live_customer_id', nullable: true })
  liveCustomerId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
