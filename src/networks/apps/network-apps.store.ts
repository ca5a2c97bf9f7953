import { Injectable } from '@nestjs/common';
import { Database } from '../../database';
import { NetworkApp } from './network-app.entity';

/** The customers' own OAuth apps per network (network_apps): the only way to that table. */
@Injectable()
export class NetworkAppsStore {
  constructor(private readonly database: Database) {}

  /** The customer's own app for a network, or null when it uses the service-wide app. */
  findFor(customerId: string, network: string): Promise<NetworkApp | null> {
    return this.database.repository(NetworkApp).findOneBy({ customerId, network });
  }

  /** The customer's apps, by network name. */
  listForCustomer(customerId: string): Promise<NetworkApp[]> {
    return this.database.repository(NetworkApp).find({ where: { customerId }, order: { network: 'ASC' } });
  }

  /** Inserts or updates the app (one per customer and network). */
  save(app: NetworkApp): Promise<NetworkApp> {
    return this.database.repository(NetworkApp).save(app);
  }
}
