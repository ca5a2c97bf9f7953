import { Injectable } from '@nestjs/common';
import { ApiException } from '../../common/errors/api-exception';
import { AppCredentials, NetworkAdapter } from '../network-adapter';
import { EMULATOR_APP } from '../network-settings';
import { NetworkApp } from './network-app.entity';
import { NetworkAppsService } from './network-apps.service';

/**
 * The OAuth app to act as for a customer on a network: the customer's own app if it set one, else
 * the service-wide app, else (when the network is emulated) the emulator's.
 */
@Injectable()
export class AppCredentialsResolver {
  constructor(private readonly customerApps: NetworkAppsService) {}

  async appFor(customerId: string, adapter: NetworkAdapter): Promise<AppCredentials> {
    return this.choose(adapter, await this.customerApps.credentialsFor(customerId, adapter.id));
  }

  /** As appFor, with the customer's own app already read (or known absent) by the caller's query. */
  appWith(ownApp: NetworkApp | undefined, adapter: NetworkAdapter): AppCredentials {
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
