import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A customer's own app credentials for one network; they take precedence over the service-wide app. */
@Entity('network_apps')
export class NetworkApp {
  @PrimaryColumn('text')
  id!: string;

  @Column('text', { name: 'customer_id' })
  customerId!: string;

  @Column('text')
  network!: string;

  @Column('text', { name: 'client_id' })
  clientId!: string;

  /** Encrypted with SecretBox; never returned by any API or page. */
  @Column('text', { name: 'client_secret_encrypted' })
  clientSecretEncrypted!: string;

  /** Facebook Login for Business: the configuration the dialog names instead of scopes. */
  @Column('text', { name: 'login_config_id', nullable: true })
  loginConfigId!: string | null;

  /** The app has "Require App Secret" on: Graph calls carry appsecret_proof. */
  @Column('boolean', { name: 'require_appsecret_proof', default: false })
  requireAppSecretProof!: boolean;

  /** Pages reached through a Business Manager role: the dialog asks the permissions that takes. */
  @Column('boolean', { name: 'business_access', default: false })
  businessAccess!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
