import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { MediaKind } from '../networks';
import type { StoredPostVariants } from './post-variants';
import type { PostRequest } from './post-request';

/** A container as stored: the text and its media, with each medium's kind judged at acceptance. */
export interface StoredContainer {
  content: string;
  /**
   * An uploaded medium carries its id, size, type (and a video its duration), and its canonical
   * (unsigned) URL of the service, which the worker signs when it publishes.
   */
  media: Array<{
    url: string;
    kind: MediaKind;
    mediaId?: string;
    size?: number;
    contentType?: string;
    durationMs?: number;
    /** The description given for people who cannot see it (`media[].altText`). */
    altText?: string;
  }>;
}

@Entity('posts')
export class Post {
  @PrimaryColumn('text')
  id!: string;

  @Column('text', { name: 'customer_id' })
  customerId!: string;

  @Column('text', { name: 'tenant_id' })
  tenantId!: string;

  @Column('jsonb')
  containers!: StoredContainer[];

  /** `options` and `accountOverrides` as accepted ({} when the post has neither). */
  @Column('jsonb')
  variants!: StoredPostVariants;

  @Column('timestamptz', { name: 'scheduled_at', nullable: true })
  scheduledAt!: Date | null;

  /** The W3C traceparent of the request that made the post: its deliveries' attempts join that trace (null: untraced). */
  @Column('text', { name: 'trace_parent', nullable: true })
  traceParent!: string | null;

  /**
   * The request as the post now stands (POST /posts, then each PATCH merged in), checked again as a
   * whole when a draft is published or a patch applied. Null for posts made before it was kept.
   */
  @Column('jsonb', { nullable: true })
  request!: PostRequest | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
