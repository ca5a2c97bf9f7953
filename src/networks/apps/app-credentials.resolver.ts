import { Injectable } from '@nestjs/common';
import { ApiException } from '../../common/errors/api-exception';
import { AppCredentials, NetworkAdapter } from '../network-adapter';
import { EMULATOR_APP } from '../network-settings';
import { NetworkApp } from './network-app.entity';
import { NetworkAppsService } from './network-apps.service';
import { CustomerModes } from '../../customers';
import { TestWorldApps } from './test-world-apps';

/**
 * The OAuth app to act as for a customer on a network. A test world always acts as its own app on
 * the service's emulator (whatever the network's settings), so its calls never reach a real
 * network. A live customer uses its own app if it set one, else the service-wide app, else (when
 * the network is emulated) the emulator's.
 */
@Injectable()
export class AppCredentialsResolver {
  constructor(
    private readonly customerApps: NetworkAppsService,
    private readonly modes: CustomerModes,
    private readonly testWorldApps: TestWorldApps,
  ) {}

  async appFor(customerId: string, adapter: NetworkAdapter): Promise<AppCredentials> {
    if ((await this.modes.modeOf(customerId)) === 'test') return this.testWorldApps.appOf(customerId);
    return this.choose(adapter, await this.customerApps.credentialsFor(customerId, adapter.id));
  }

  /** As appFor, with the customer's own app already read (or known absent) by the caller's query. */
  async appWith(customerId: string, ownApp: NetworkApp | undefined, adapter: NetworkAdapter): Promise<AppCredentials> {
    if ((await this.modes.modeOf(customerId)) === 'test') return this.testWorldApps.appOf(customerId);
    return this.choose(adapter, ownApp ? this.customerApps.credentialsOf(ownApp) : undefined);
  }

  private choose(adapter: NetworkAdapter, own: AppCredentials | undefined): AppCredentials {
    const app = own ?? adapter.serviceApp ?? (adapter.emulated ? EMULATOR_APP : undefined);
    if (!app) {
      throw new ApiException(
        'network_not_configured',
        `No ${adapter.displayName} app is configured: set the customer's own app credentials, or the service-wide ones`,
        undefined,
        409,
      );
    }
    return app;
  }
}
