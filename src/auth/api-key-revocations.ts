import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';
import { PgListener } from '../database';
import { ApiKeysService } from './api-keys.service';

/** The channel the database announces revoked and deleted keys on (payload: the key's id). */
export const API_KEY_REVOKED_CHANNEL = 'api_key_revoked';

/**
 * Hears every revocation, from any instance, and drops the key from this instance's cache. Runs
 * only where HTTP is served (the CLI answers no requests, and must not keep a connection open).
 */
@Injectable()
export class ApiKeyRevocations implements OnApplicationBootstrap, OnApplicationShutdown {
  private listener: PgListener | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
    private readonly apiKeys: ApiKeysService,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.adapterHost.httpAdapter || this.config.role === 'worker') return;
    this.listener = new PgListener({
      databaseUrl: this.config.database.url,
      channel: API_KEY_REVOKED_CHANNEL,
      onMessage: (apiKeyId) => this.apiKeys.cache.forgetKey(apiKeyId),
      onListening: (listening) => this.apiKeys.cache.setListening(listening),
    });
    this.listener.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener?.stop();
  }
}
