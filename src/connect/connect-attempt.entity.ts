import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** One auth-url call: who asked, where to send the user back, the PKCE verifier and the adapter's attempt secret. Single use. */
@Entity('connect_attempts')
export class ConnectAttempt {
  /** SHA-256 of the OAuth state; the state itself only travels through the browser. */
  @PrimaryColumn('text', { name: 'state_hash' })
  stateHash!: string;

  @Column('text', { name: 'customer_id' })
  customerId!: string;

  @Column('text', { name: 'tenant_id' })
  tenantId!: string;

  @Column('text')
  network!: string;

  @Column('text', { name: 'redirect_uri' })
  redirectUri!: string;

  /** The customer's own value for the attempt (auth-url client_state), handed back unchanged. */
  @Column('text', { name: 'client_state', nullable: true })
  clientState!: string | null;

  @Column('text', { name: 'code_verifier_encrypted' })
  codeVerifierEncrypted!: string;

  /** A random secret per attempt, for the network's adapter (what it derives its DPoP key from); sealed like the verifier. */
  @Column('text', { name: 'attempt_secret_encrypted', nullable: true })
  attemptSecretEncrypted!: string | null;

  /** What the adapter keeps of the attempt for its callback (the authorization server it asked), sealed; null when nothing. */
  @Column('text', { name: 'adapter_state_encrypted', nullable: true })
  adapterStateEncrypted!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt!: Date;

  /** Tries of the service's sign-in page (networks that sign in with an app password), at most SIGN_IN_TRIES. */
  @Column('integer', { name: 'sign_in_tries', default: 0 })
  signInTries!: number;

  @Column('timestamptz', { name: 'used_at', nullable: true })
  usedAt!: Date | null;
}
