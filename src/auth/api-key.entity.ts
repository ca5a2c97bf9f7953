import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** An API key of a customer. Only the SHA-256 hash of the secret is stored. */
@Entity('api_keys')
export class ApiKey {
  @PrimaryColumn('text')
  id!: string;

  @Column('text', { name: 'customer_id' })
  customerId!: string;

  @Column('text', { nullable: true })
  name!: string | null;

  /** The first characters of the key, enough for a person to recognise it in a list. */
  @Column('text', { name: 'display_prefix' })
  displayPrefix!: string;

  @Column('text', { name: 'key_hash' })
  keyHash!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'last_used_at', nullable: true })
  lastUsedAt!: Date | null;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt!: Date | null;
}
