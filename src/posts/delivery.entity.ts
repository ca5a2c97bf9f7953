import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { PublishProgress } from '../networks';
import type { DeliveryEdit } from './edit/delivery-edit';

export const DELIVERY_STATUSES = [
  'draft',
  'scheduled',
  'pending',
  'publishing',
  'published',
  'failed',
  'canceled',
  'deleting',
  'deleted',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * The publication of one post to one connected account.
 * draft (kept, never due, until POST /posts/:id/publish) → scheduled | pending;
 * scheduled → pending → publishing → published | failed; canceled from draft, scheduled or pending;
 * published → deleting → deleted when the post is unpublished (deleting: its delete job is queued).
 * `publishing` is written before the network is called, so a delivery found in `publishing` by a
 * new attempt was cut off mid-call and must look on the network before posting again.
 */
@Entity('deliveries')
export class Delivery {
  @PrimaryColumn('text')
  id!: string;

  @Column('text', { name: 'post_id' })
  postId!: string;

  @Column('text', { name: 'customer_id' })
  customerId!: string;

  @Column('text', { name: 'account_id' })
  accountId!: string;

  @Column('text')
  platform!: string;

  @Column('text')
  status!: DeliveryStatus;

  @Column('integer')
  attempts!: number;

  /** Attempts a network's rate limit turned away: they wait for its window and do not count toward giving up. */
  @Column('integer', { name: 'rate_limit_waits', default: 0 })
  rateLimitWaits!: number;

  @Column('jsonb')
  progress!: PublishProgress;

  @Column('text', { name: 'platform_post_id', nullable: true })
  platformPostId!: string | null;

  @Column('text', { nullable: true })
  permalink!: string | null;

  @Column('text', { name: 'error_code', nullable: true })
  errorCode!: string | null;

  @Column('text', { name: 'error_message', nullable: true })
  errorMessage!: string | null;

  @Column('timestamptz', { name: 'next_attempt_at', nullable: true })
  nextAttemptAt!: Date | null;

  /** When the delivery next needs a worker (its job); NULL once it is final. */
  @Column('timestamptz', { name: 'due_at', nullable: true })
  dueAt!: Date | null;

  @Column('timestamptz', { name: 'published_at', nullable: true })
  publishedAt!: Date | null;

  /** When the delivery was last retried after failing (POST …/retry); its rate-limit waits are bounded from then. */
  @Column('timestamptz', { name: 'retried_at', nullable: true })
  retriedAt!: Date | null;

  /** When the network confirmed the delete (or said the post was already gone). */
  @Column('timestamptz', { name: 'deleted_at', nullable: true })
  deletedAt!: Date | null;

  /** The edit of its text after publishing (PATCH /posts/:id); null when never edited (edit/delivery-edit.ts). */
  @Column('jsonb', { nullable: true })
  edit!: DeliveryEdit | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
