import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { SecretBox } from '../common/crypto/secret-box';
import { ApiException } from '../common/errors/api-exception';
import { UrlSafety } from '../common/url-safety';
import type { EventType } from './event-types';
import { WebhookEndpoint } from './webhook-endpoint.entity';

/** The signing secret's length, for the API and the dashboard alike. */
export const WEBHOOK_SECRET_LENGTH = { min: 16, max: 256 } as const;

/** The AAD binding a sealed secret to its customer's row. */
const secretContext = (customerId: string) => `webhook_endpoints.secret:${customerId}`;

/** A customer's endpoint as sending needs it. `updatedAt` tells a later PUT of the same URL apart. */
export interface EndpointState {
  url: string;
  disabledAt: Date | null;
  updatedAt: Date;
}

/** ...and with its secret opened. */
export interface OpenEndpoint extends EndpointState {
  secret: string;
}

/** One webhook endpoint per customer: set (and enabled again), read, removed. */
@Injectable()
export class WebhookEndpointsService {
  constructor(
    @InjectRepository(WebhookEndpoint) private readonly endpoints: Repository<WebhookEndpoint>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly urls: UrlSafety,
    private readonly box: SecretBox,
  ) {}

  /**
   * Sets the endpoint. Setting it again also enables it after a 410 disabled it. `events` null
   * means every type (stored as NULL, so types added later are sent too); undefined keeps the
   * subscription as it is (the dashboard, which does not edit it).
   */
  async put(customerId: string, url: string, secret: string, events?: EventType[] | null): Promise<WebhookEndpoint> {
    // Here, not only in the API's body rules: every way of setting a secret (API, dashboard) is held to it.
    if (secret.length < WEBHOOK_SECRET_LENGTH.min || secret.length > WEBHOOK_SECRET_LENGTH.max) {
      throw ApiException.validation([
        { field: 'webhook_secret', message: `webhook_secret must be ${WEBHOOK_SECRET_LENGTH.min}-${WEBHOOK_SECRET_LENGTH.max} characters` },
      ]);
    }
    await this.checkUrl(url);
    await this.endpoints.upsert(
      {
        customerId,
        // As the URL parser writes it (no stray spaces; the fragment is never sent anyway).
        url: withoutFragment(url),
        secretEncrypted: this.box.encrypt(secret, secretContext(customerId)),
        secretLast4: secret.slice(-4),
        disabledAt: null,
        disabledReason: null,
        events,
        updatedAt: () => 'now()',
      },
      ['customerId'],
    );
    return this.endpoints.findOneByOrFail({ customerId });
  }

  async get(customerId: string): Promise<WebhookEndpoint> {
    const endpoint = await this.endpoints.findOneBy({ customerId });
    if (!endpoint) throw ApiException.notFound('Webhook');
    return endpoint;
  }

  async remove(customerId: string): Promise<WebhookEndpoint> {
    const endpoint = await this.get(customerId);
    await this.endpoints.delete({ customerId });
    return endpoint;
  }

  /** The endpoint without opening its secret, or undefined when none is set. */
  async state(customerId: string): Promise<EndpointState | undefined> {
    const endpoint = await this.endpoints.findOneBy({ customerId });
    return endpoint ? { url: endpoint.url, disabledAt: endpoint.disabledAt, updatedAt: endpoint.updatedAt } : undefined;
  }

  /** The endpoint with its secret, or undefined when none is set. Throws DecryptionError when the secret cannot be opened. */
  async open(customerId: string): Promise<OpenEndpoint | undefined> {
    const endpoint = await this.endpoints.findOneBy({ customerId });
    if (!endpoint) return undefined;
    return {
      url: endpoint.url,
      disabledAt: endpoint.disabledAt,
      updatedAt: endpoint.updatedAt,
      secret: this.box.decrypt(endpoint.secretEncrypted, secretContext(customerId)),
    };
  }

  /** https only, and no private address, unless ALLOW_PRIVATE_URLS (local use, tests). */
  private async checkUrl(url: string): Promise<void> {
    if (!this.config.allowPrivateUrls && URL.canParse(url) && new URL(url).protocol === 'http:') {
      throw ApiException.validation([{ field: 'url', message: 'url must use https' }]);
    }
    const verdict = await this.urls.check(url);
    if (!verdict.ok) throw ApiException.validation([{ field: 'url', message: `url ${verdict.reason}` }]);
  }
}

function withoutFragment(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}

export function notConfigured(): ApiException {
  return ApiException.conflict('No webhook is configured: PUT /api/v1/webhooks first', 'webhook_not_configured');
}

export function endpointDisabled(): ApiException {
  return ApiException.conflict('The webhook endpoint is disabled (the receiver answered 410 Gone); PUT /api/v1/webhooks to enable it', 'webhook_disabled');
}
