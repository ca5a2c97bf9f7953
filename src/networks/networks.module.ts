import { forwardRef, Global, Logger, Module } from '@nestjs/common';
import { LongestNetworkVideo } from '../media';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CustomersModule } from '../customers';
import { DatabaseModule } from '../database';
import { AppCredentialsResolver } from './apps/app-credentials.resolver';
import { NetworkApp } from './apps/network-app.entity';
import { NetworkAppsService } from './apps/network-apps.service';
import { NetworkAppsStore } from './apps/network-apps.store';
import { TestWorldApps } from './apps/test-world-apps';
import { NetworksController } from './capabilities/networks.controller';
import { INSTALLED_NETWORKS } from './installed-networks';
import { NetworkAdapter } from './network-adapter';
import { NetworkRegistry } from './network-registry';

function buildRegistry(...adapters: NetworkAdapter[]): NetworkRegistry {
  // The request body's options are built from the folder's export, the checks from the adapter's: one object.
  adapters.forEach((adapter, index) => {
    if (adapter.postOptions !== INSTALLED_NETWORKS[index]!.postOptions)
      throw new Error(`${adapter.displayName}: the adapter's postOptions are not those its folder exports`);
  });
  const registry = new NetworkRegistry(adapters);
  const emulated = adapters.filter((adapter) => adapter.emulated).map((adapter) => adapter.displayName);
  if (emulated.length) {
    new Logger('Networks').warn(
      `Simulated by the built-in network emulator (nothing reaches the real network): ${emulated.join(', ')}. ` +
        'Set the network app credentials, or NETWORK_EMULATOR=off, to use the real networks.',
    );
  }
  return registry;
}

/**
 * Media (a lower layer) refuses an upload no installed network would take: the longest video any
 * network's `mediaLimits` allows, provided here to every module (media cannot import networks).
 */
@Global()
@Module({
  imports: [forwardRef(() => NetworksModule)],
  providers: [
    {
      provide: LongestNetworkVideo,
      inject: [NetworkRegistry],
      useFactory: (registry: NetworkRegistry): LongestNetworkVideo => ({
        maxMs: Math.max(...registry.adapters.map((adapter) => adapter.mediaLimits.video.maxMs)),
      }),
    },
  ],
  exports: [LongestNetworkVideo],
})
class NetworkMediaLimitsModule {}

/** The adapter registry, the customers' own app credentials for each network, and what each network takes (GET /api/v1/networks). */
@Module({
  controllers: [NetworksController],
  imports: [
    TypeOrmModule.forFeature([NetworkApp]),
    DatabaseModule,
    CustomersModule,
    NetworkMediaLimitsModule,
    ...INSTALLED_NETWORKS.map((network) => network.module),
  ],
  providers: [
    {
      provide: NetworkRegistry,
      inject: INSTALLED_NETWORKS.map((network) => network.adapter),
      useFactory: buildRegistry,
    },
    NetworkAppsStore,
    NetworkAppsService,
    TestWorldApps,
    AppCredentialsResolver,
  ],
  exports: [NetworkRegistry, NetworkAppsStore, NetworkAppsService, AppCredentialsResolver, TestWorldApps],
})
export class NetworksModule {}
