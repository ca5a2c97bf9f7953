import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A URL the customer allows as `redirect_uri` at the end of the connect flow. */
@Entity('redirect_urls')
export class RedirectUrl {
  @PrimaryColumn('text')
  id!: string;

  @Column('text', { name: 'customer_id' })
  customerId!: string;

  @Column('text')
  url!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
