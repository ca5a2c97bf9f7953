import { Injectable } from '@nestjs/common';
import { NetworkRegistry } from '../../networks';
import { DashboardSession } from '../session/dashboard-sessions.service';
import { PageContext } from '../views/layout';

/** What every signed-in page shows besides its own content. */
@Injectable()
export class PageContextFactory {
  private readonly emulated: string[];

  constructor(networks: NetworkRegistry) {
    this.emulated = networks.adapters.filter((adapter) => adapter.emulated).map((adapter) => adapter.displayName);
  }

  for(session: DashboardSession): PageContext {
    return { session, emulatedNetworks: this.emulated };
  }
}
