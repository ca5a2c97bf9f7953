import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A customer of the service: owns API keys, tenants' accounts, redirect URLs and network apps. */
@Entity('customers')
export class Customer {
  @PrimaryColumn('text')
  id!: string;

  @Column('text')
  name!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
