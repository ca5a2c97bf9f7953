import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export const ACCOUNT_STATUSES = ['active', 'expired', 'disconnected'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** A network account (page, professional account, profile) connected to a customer's tenant. */
@Entity('connected_accounts')
export class ConnectedAccount {
  @PrimaryColumn('text')
  id!: string;

  @Column('text', { name: 'customer_id' })
  customerId!: string;

  @Column('text', { name: 'tenant_id' })
  tenantId!: string;

  @Column('text')
  platform!: string;

  /** The account's id on the network. */
  @Column('text', { name: 'network_account_id' })
  networkAccountId!: string;

  /** The network user the account is reached through, when one user reaches many accounts (Facebook Login). */
  @Column('text', { name: 'network_user_id', nullable: true })
  networkUserId!: string | null;

  @Column('text')
  username!: string;

  @Column('text')
  nickname!: string;

  @Column('text', { name: 'avatar_url', nullable: true })
  avatarUrl!: string | null;

  @Column('text')
  status!: AccountStatus;

  /** Encrypted by TokenVault; null once disconnected. */
  @Column('text', { name: 'access_token_encrypted', nullable: true })
  accessTokenEncrypted!: string | null;

  @Column('text', { name: 'refresh_token_encrypted', nullable: true })
  refreshTokenEncrypted!: string | null;

  /** The user token a page token derives from, where revoke needs it (Facebook). */
  @Column('text', { name: 'user_token_encrypted', nullable: true })
  userTokenEncrypted!: string | null;

  /** What the tokens are bound to (a DPoP private key, RFC 9449), where the network binds them; sealed by TokenVault. */
  @Column('text', { name: 'token_binding_encrypted', nullable: true })
  tokenBindingEncrypted!: string | null;

  @Column('timestamptz', { name: 'token_expires_at', nullable: true })
  tokenExpiresAt!: Date | null;

  @Column('text', { array: true, default: () => "'{}'" })
  scopes!: string[];

  /**
   * What the network told of the account that changes what it may publish (X: its subscription,
   * `{"subscriptionType":"Premium"}`), read at connect and after each token refresh; {} when nothing is known.
   */
  @Column('jsonb', { name: 'network_traits', default: () => "'{}'::jsonb" })
  networkTraits!: Record<string, string | number | boolean>;

  @Column('timestamptz', { name: 'connected_at' })
  connectedAt!: Date;

  @Column('timestamptz', { name: 'disconnected_at', nullable: true })
  disconnectedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
