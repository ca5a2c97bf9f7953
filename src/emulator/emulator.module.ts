import { DynamicModule, Logger, Module, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { FastifyInstance } from 'fastify';
import { emulatorPlugin } from './emulator.plugin';
import { EmulatorState } from './state/emulator-state';
import { builtInEmulatorRegistry } from './emulated-networks';
import { ServingEmulatorState } from './registry/emulated-network';
import { AuthModule } from '../auth';
import { ConnectModule } from '../connect';
import { DatabaseModule } from '../database';
import { NetworksModule } from '../networks';
import { DatabaseWorldStorage } from './worlds/database-world-storage';
import { EmulatorWorldsStore } from './worlds/emulator-worlds.store';
import { WorldStorage } from './worlds/world-storage';
import { DEFAULT_WORLD_TRAFFIC, WorldAdmission } from './worlds/world-admission';
import { APP_CONFIG, AppConfig } from '../config';
import { NetworkHttpModule } from '../networks';
import { OWN_CALLER_HEADER, OwnEmulatorCaller } from '../networks';
import { MediaUrlProbe, DEFAULT_PROBE_OPTIONS } from '../common/media-url-probe';
import { UrlSafety } from '../common/url-safety';
import { MEDIA_FILE_PATH } from '../media';
import type { MediaFetcher } from './http/media-fetch';

export interface EmulatorModuleOptions {
  /**
   * Whether the in-memory default world is served (requests naming no test world): NETWORK_EMULATOR=on,
   * or auto outside production. The customers' test worlds are served always.
   */
  defaultWorld: boolean;
  /** The service's public base URL, for absolute links in answers (paging.next); else taken from each request. */
  publicUrl?: string;
}

/** Where the emulator is mounted; the adapters' emulated bases are `${PUBLIC_URL}${EMULATOR_PREFIX}/…`. */
export const EMULATOR_PREFIX = '/emulator';

/** Mounts the network emulator on the app's Fastify instance at start. */
export class EmulatorMount implements OnModuleInit {
  private readonly logger = new Logger('NetworkEmulator');

  constructor(
    private readonly state: ServingEmulatorState,
    private readonly worlds: WorldStorage,
    private readonly options: EmulatorModuleOptions,
    private readonly adapterHost: HttpAdapterHost | undefined,
    private readonly worldAdmission?: WorldAdmission,
    private readonly fetchMedia?: MediaFetcher,
  ) {}

  // Early enough: Fastify loads plugins on ready(), which the app calls after app.init().
  onModuleInit(): void {
    const fastify = this.adapterHost?.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return; // A CLI context has no HTTP server.
    const { defaultWorld, publicUrl } = this.options;
    void fastify.register(emulatorPlugin, {
      prefix: EMULATOR_PREFIX,
      state: this.state,
      publicUrl,
      worlds: this.worlds,
      defaultWorld,
      worldAdmission: this.worldAdmission,
      fetchMedia: this.fetchMedia,
    });
    this.logger.log(
      defaultWorld
        ? `Network emulator mounted at ${EMULATOR_PREFIX}: the customers' test worlds, and the default world for emulated live traffic`
        : `Network emulator mounted at ${EMULATOR_PREFIX} for the customers' test worlds only`,
    );
  }
}

/**
 * How the mounted emulator fetches media URLs: with the service's own address checks (private
 * addresses refused unless ALLOW_PRIVATE_URLS, the service itself refused except its signed
 * `/media-files/` links, which a network fetches from PUBLIC_URL like any URL).
 */
function emulatedMediaFetcher(config: AppConfig): MediaFetcher {
  const probe = new MediaUrlProbe(new UrlSafety(config), {
    ...DEFAULT_PROBE_OPTIONS,
    ownMediaPrefix: `${config.publicUrl}${MEDIA_FILE_PATH}/`,
  });
  return (url, world) => probe.probe(url, world);
}

@Module({})
export class EmulatorModule {
  static register(options: EmulatorModuleOptions): DynamicModule {
    return {
      module: EmulatorModule,
      imports: [AuthModule, ConnectModule, DatabaseModule, NetworksModule, NetworkHttpModule],
      providers: [
        // The default world; in production it only lends its registry (the networks) to the test worlds.
        { provide: EmulatorState, useFactory: () => new EmulatorState({ registry: builtInEmulatorRegistry() }) },
        EmulatorWorldsStore,
        DatabaseWorldStorage,
        {
          provide: EmulatorMount,
          useFactory: (
            state: ServingEmulatorState,
            worlds: WorldStorage,
            host: HttpAdapterHost,
            config: AppConfig,
            ownCaller: OwnEmulatorCaller,
          ) =>
            new EmulatorMount(
              state,
              worlds,
              options,
              host,
              new WorldAdmission(
                { ...DEFAULT_WORLD_TRAFFIC, connections: config.database.worldConnections },
                (request) => ownCaller.isOwn(request.headers[OWN_CALLER_HEADER]),
              ),
              emulatedMediaFetcher(config),
            ),
          inject: [EmulatorState, DatabaseWorldStorage, HttpAdapterHost, APP_CONFIG, OwnEmulatorCaller],
        },
      ],
      exports: [EmulatorState],
    };
  }
}
