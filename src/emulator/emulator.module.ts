import { DynamicModule, Logger, Module, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { FastifyInstance } from 'fastify';
import { emulatorPlugin } from './emulator.plugin';
import { EmulatorState } from './state/emulator-state';
import { builtInEmulatorRegistry } from './emulated-networks';
import { ServingEmulatorState } from './registry/emulated-network';

export interface EmulatorModuleOptions {
  enabled: boolean;
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
    private readonly options: EmulatorModuleOptions,
    private readonly adapterHost: HttpAdapterHost | undefined,
  ) {}

  // Early enough: Fastify loads plugins on ready(), which the app calls after app.init().
  onModuleInit(): void {
    const fastify = this.adapterHost?.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return; // A CLI context has no HTTP server.
    void fastify.register(emulatorPlugin, { prefix: EMULATOR_PREFIX, state: this.state, publicUrl: this.options.publicUrl });
    this.logger.log(`Network emulator mounted at ${EMULATOR_PREFIX}: publishing to emulated networks is simulated`);
  }
}

@Module({})
export class EmulatorModule {
  static register(options: EmulatorModuleOptions): DynamicModule {
    if (!options.enabled) return { module: EmulatorModule };
    return {
      module: EmulatorModule,
      providers: [
        { provide: EmulatorState, useFactory: () => new EmulatorState({ registry: builtInEmulatorRegistry() }) },
        {
          provide: EmulatorMount,
          useFactory: (state: ServingEmulatorState, host: HttpAdapterHost) => new EmulatorMount(state, options, host),
          inject: [EmulatorState, HttpAdapterHost],
        },
      ],
      exports: [EmulatorState],
    };
  }
}
