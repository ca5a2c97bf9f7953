import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { AccountTraits } from '../networks';

/** A page or profile offered in a pending session; its tokens stay encrypted until finalize. */
export interface PendingPage {
  id: string;
  name: string;
  username: string;
  pictureUrl: string | null;
  type: string;
  scopes: string[];
  /** The network user behind the page, when revoking is per user (see SelectableAccount.ownerId). */
  ownerId?: string;
  /** What the network told of the account (SelectableAccount.traits), stored on it at finalize. */
  traits?: AccountTraits;
  /** SecretBox ciphertext of the page's AccountTokens (JSON). */
  tokensEncrypted: string;
}

/** Between the OAuth callback and finalize (30 minutes, single use). */
@Entity('pending_sessions')
export class PendingSession {
  @PrimaryColumn('text')
  id!: string;

  /** SHA-256 of the session token given to the customer. */
  @Column('text', { name: 'token_hash' })
  tokenHash!: string;

  @Column('text', { name: 'customer_id' })
  customerId!: string;

  @Column('text', { name: 'tenant_id' })
  tenantId!: string;

  @Column('text')
  network!: string;

  /** The customer's own value for the attempt (auth-url client_state), handed back unchanged. */
  @Column('text', { name: 'client_state', nullable: true })
  clientState!: string | null;

  @Column('jsonb')
  pages!: PendingPage[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt!: Date;

  @Column('timestamptz', { name: 'finalized_at', nullable: true })
  finalizedAt!: Date | null;
}
