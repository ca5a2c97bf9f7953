import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export const MEDIA_STATES = ['awaiting_upload', 'uploading', 'ready', 'failed'] as const;
export type MediaState = (typeof MEDIA_STATES)[number];

/** An uploaded medium: what was announced (type, size), and where its upload stands. Its bytes are in MediaStorage. */
@Entity('media')
export class Medium {
  @PrimaryColumn('text')
  id!: string;

  @Column('text', { name: 'customer_id' })
  customerId!: string;

  @Column('text', { name: 'content_type' })
  contentType!: string;

  /** bigint: read as a string by the driver, turned into a number here (at most 1 GB). */
  @Column('bigint', { transformer: { to: (value: number) => value, from: (value: string) => Number(value) } })
  size!: number;

  @Column('text', { nullable: true })
  filename!: string | null;

  @Column('text')
  state!: MediaState;

  /** A video's duration in milliseconds, read from its movie header as it uploaded; null for images. */
  @Column('integer', { name: 'duration_ms', nullable: true })
  durationMs!: number | null;

  /** When the running upload last said it was alive: one silent for long belongs to a dead process. */
  @Column('timestamptz', { name: 'upload_beat_at', nullable: true })
  uploadBeatAt!: Date | null;

  /** Why the upload failed, for people. */
  @Column('text', { nullable: true })
  failure!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'uploaded_at', nullable: true })
  uploadedAt!: Date | null;

  /** When a post last used it: unused media are purged after MEDIA_RETENTION_DAYS. */
  @Column('timestamptz', { name: 'last_used_at', nullable: true })
  lastUsedAt!: Date | null;
}
