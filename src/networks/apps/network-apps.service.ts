import { Injectable } from '@nestjs/common';
import { ApiException } from '../../common/errors/api-exception';
import { SecretBox } from '../../common/crypto/secret-box';
import { newId } from '../../common/ids';
import { AppCredentials, AppLoginOptions } from '../network-adapter';
import { NetworkRegistry } from '../network-registry';
import { NetworkApp } from './network-app.entity';
import { NetworkAppsStore } from './network-apps.store';
import { checkedAppOptions, storedAppOptions } from './network-app-options';

/** What may be shown of a network app: never the secret. */
export interface NetworkAppSummary extends AppLoginOptions {
  network: string;
  clientId: string;
  updatedAt: Date;
}

function summaryOf(app: NetworkApp): NetworkAppSummary {
  return { network: app.network, clientId: app.clientId, ...storedAppOptions(app), updatedAt: app.updatedAt };
}

/** A customer's own OAuth app credentials per network, the secret encrypted at rest. */
@Injectable()
export class NetworkAppsService {
  constructor(
    private readonly apps: NetworkAppsStore,
    private readonly secrets: SecretBox,
    private readonly networks: NetworkRegistry,
  ) {}

  async set(customerId: string, networkName: string, credentials: AppCredentials): Promise<NetworkAppSummary> {
    const adapter = this.networks.find(networkName);
    const network = adapter?.id;
    if (!adapter || !network) {
      throw ApiException.validation([
        { field: 'network', message: `network must be one of ${this.networks.ids.join(', ')}` },
      ]);
    }
    const clientId = credentials.clientId.trim();
    if (!clientId || !credentials.clientSecret) {
      throw ApiException.validation([{ field: 'clientId', message: 'client id and client secret are both required' }]);
    }
    // Settings not given are off: saving an app states all of it, as the network's console shows it.
    const options = checkedAppOptions(adapter, credentials);
    const existing = await this.apps.findFor(customerId, network);
    const app = existing ?? Object.assign(new NetworkApp(), { id: newId('networkApp'), customerId, network });
    app.clientId = clientId;
    app.clientSecretEncrypted = this.secrets.encrypt(credentials.clientSecret, this.secretContext(app.id));
    app.loginConfigId = options.loginConfigId ?? null;
    app.requireAppSecretProof = options.requireAppSecretProof ?? false;
    app.businessAccess = options.businessAccess ?? false;
    return summaryOf(await this.apps.save(app));
  }

  async list(customerId: string): Promise<NetworkAppSummary[]> {
    const apps = await this.apps.listForCustomer(customerId);
    return apps.map(summaryOf);
  }

  /** The customer's own credentials for a network, decrypted, or undefined when it uses the service-wide app. */
  async credentialsFor(customerId: string, network: string): Promise<AppCredentials | undefined> {
    const app = await this.apps.findFor(customerId, network);
    return app ? this.credentialsOf(app) : undefined;
  }

  /** A stored app's credentials, decrypted (for callers that read the row with something else). */
  credentialsOf(app: NetworkApp): AppCredentials {
    return {
      clientId: app.clientId,
      clientSecret: this.secrets.decrypt(app.clientSecretEncrypted, this.secretContext(app.id)),
      ...storedAppOptions(app),
    };
  }

  private secretContext(appId: string): string {
    return `network_apps.client_secret:${appId}`;
  }
}
