import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';
import { Clock } from '../common/clock/clock';
import { Database } from '../database';
import { SecretBox } from '../common/crypto/secret-box';
import { ApiException } from '../common/errors/api-exception';
import { UrlSafety } from '../common/url-safety';
import type { EventType } from './event-types';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { WebhookEndpointsStore } from './webhook-endpoints.store';
import { generateWebhookSecret, WEBHOOK_SECRET_LENGTH } from './webhook-secret-policy';

export { WEBHOOK_SECRET_LENGTH } from './webhook-secret-policy';

/** The AAD binding a sealed secret to its customer's row (and the old one to its own column). */
const secretContext = (customerId: string) => `webhook_endpoints.secret:${customerId}`;
const previousSecretContext = (customerId: string) => `webhook_endpoints.previous_secret:${customerId}`;

/** A customer's endpoint as sending needs it. `updatedAt` tells a later PUT of the same URL apart. */
export interface EndpointState {
  url: string;
  disabledAt: Date | null;
  updatedAt: Date;
}

/** ...and with its secret opened. */
export interface OpenEndpoint extends EndpointState {
  secret: string;
  /** Old secrets still signing (a rotation's overlap): none, or the one before `secret`. */
  previousSecrets: string[];
}

/** The endpoint as just written, with the secret when the service made it (shown this once, never again). */
export interface WrittenEndpoint {
  endpoint: WebhookEndpoint;
  generatedSecret?: string;
}

/** One webhook endpoint per customer: set (and enabled again), read, removed. */
@Injectable()
export class WebhookEndpointsService {
  constructor(
    private readonly endpoints: WebhookEndpointsStore,
    private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly urls: UrlSafety,
    private readonly box: SecretBox,
    private readonly clock: Clock,
  ) {}

  /**
   * Sets the endpoint, with the customer's secret or, without one, a new one the service makes.
   * Setting it again also enables it after a 410 disabled it, and ends any rotation's overlap: a
   * secret set by PUT replaces the old ones at once. `events` null means every type (stored as
   * NULL, so types added later are sent too); undefined keeps the subscription as it is (the
   * dashboard, which does not edit it).
   */
  async put(
    customerId: string,
    url: string,
    chosenSecret?: string,
    events?: EventType[] | null,
  ): Promise<WrittenEndpoint> {
    // Here, not only in the API's body rules: every way of setting a secret (API, dashboard) is held to it.
    if (
      chosenSecret !== undefined &&
      (chosenSecret.length < WEBHOOK_SECRET_LENGTH.min || chosenSecret.length > WEBHOOK_SECRET_LENGTH.max)
    ) {
      throw ApiException.validation([
        {
          field: 'webhook_secret',
          message: `webhook_secret must be ${WEBHOOK_SECRET_LENGTH.min}-${WEBHOOK_SECRET_LENGTH.max} characters`,
        },
      ]);
    }
    await this.checkUrl(url, customerId);
    const secret = chosenSecret ?? generateWebhookSecret();
    await this.endpoints.put({
      customerId,
      // As the URL parser writes it (no stray spaces; the fragment is never sent anyway).
      url: withoutFragment(url),
      secretEncrypted: this.box.encrypt(secret, secretContext(customerId)),
      secretLast4: secret.slice(-4),
      events,
    });
    const endpoint = await this.endpoints.get(customerId);
    return chosenSecret === undefined ? { endpoint, generatedSecret: secret } : { endpoint };
  }

  /**
   * A new secret the service makes; the current one becomes the old one and keeps signing for
   * `overlapSeconds` (0: it stops now). Only one old secret is kept: rotating again during an
   * overlap ends the older one at once. The row is locked, so two rotations at once cannot both
   * keep the same old secret. `updated_at` is left alone: it tells PUTs apart (the 410 check).
   */
  async rotate(customerId: string, overlapSeconds: number): Promise<WrittenEndpoint> {
    const secret = generateWebhookSecret();
    await this.database.transaction(async (transaction) => {
      const current = await this.endpoints.lock(customerId, transaction);
      if (!current) throw new ApiException('not_found', NO_ENDPOINT);
      const keepsOld = overlapSeconds > 0;
      const oldSecret = keepsOld ? this.box.decrypt(current.secretEncrypted, secretContext(customerId)) : undefined;
      await this.endpoints.rotate(
        customerId,
        {
          secretEncrypted: this.box.encrypt(secret, secretContext(customerId)),
          secretLast4: secret.slice(-4),
          previousSecretEncrypted:
            oldSecret === undefined ? null : this.box.encrypt(oldSecret, previousSecretContext(customerId)),
          overlapSeconds,
        },
        transaction,
      );
    });
    return { endpoint: await this.endpoints.get(customerId), generatedSecret: secret };
  }

  /** The customer's endpoint; none set is a 404 `not_found` that says how to set one. */
  async get(customerId: string): Promise<WebhookEndpoint> {
    const endpoint = await this.endpoints.find(customerId);
    if (!endpoint) throw new ApiException('not_found', NO_ENDPOINT);
    return endpoint;
  }

  async remove(customerId: string): Promise<WebhookEndpoint> {
    const endpoint = await this.get(customerId);
    await this.endpoints.delete(customerId);
    return endpoint;
  }

  /** The endpoint without opening its secret, or undefined when none is set. */
  async state(customerId: string): Promise<EndpointState | undefined> {
    const endpoint = await this.endpoints.find(customerId);
    return endpoint ? { url: endpoint.url, disabledAt: endpoint.disabledAt, updatedAt: endpoint.updatedAt } : undefined;
  }

  /** The endpoint with its secret, or undefined when none is set. Throws DecryptionError when the secret cannot be opened. */
  async open(customerId: string): Promise<OpenEndpoint | undefined> {
    const endpoint = await this.endpoints.find(customerId);
    if (!endpoint) return undefined;
    return {
      url: endpoint.url,
      disabledAt: endpoint.disabledAt,
      updatedAt: endpoint.updatedAt,
      secret: this.box.decrypt(endpoint.secretEncrypted, secretContext(customerId)),
      previousSecrets: this.previousSecrets(endpoint),
    };
  }

  /** The old secret while its overlap lasts; after it, nothing (the row keeps it until the next PUT or rotation, unused). */
  private previousSecrets(endpoint: WebhookEndpoint): string[] {
    if (
      !endpoint.previousSecretEncrypted ||
      !endpoint.previousSecretExpiresAt ||
      endpoint.previousSecretExpiresAt <= this.clock.now()
    )
      return [];
    return [this.box.decrypt(endpoint.previousSecretEncrypted, previousSecretContext(endpoint.customerId))];
  }

  /** https only, and no private address, unless ALLOW_PRIVATE_URLS (local use, tests). */
  private async checkUrl(url: string, customerId: string): Promise<void> {
    if (!this.config.allowPrivateUrls && URL.canParse(url) && new URL(url).protocol === 'http:') {
      throw ApiException.validation([{ field: 'url', message: HTTPS_REQUIRED }]);
    }
    const verdict = await this.urls.check(url, customerId);
    if (!verdict.ok) throw ApiException.validation([{ field: 'url', message: `url ${verdict.reason}` }]);
  }
}

/** Names the setting that allows http, so a developer pointing at a local receiver knows what to change. */
export const HTTPS_REQUIRED =
  'url must use https (http is allowed for local development with ALLOW_PRIVATE_URLS=true, which production refuses)';

function withoutFragment(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}

/** What GET, DELETE and a rotation answer when no endpoint is set (404 `not_found`). */
export const NO_ENDPOINT = 'No webhook endpoint is set: PUT /api/v1/webhooks sets one';

export function notConfigured(): ApiException {
  return ApiException.conflict('No webhook is configured: PUT /api/v1/webhooks first', 'webhook_not_configured');
}

export function endpointDisabled(): ApiException {
  return ApiException.conflict(
    'The webhook endpoint is disabled (the receiver answered 410 Gone); PUT /api/v1/webhooks to enable it',
    'webhook_disabled',
  );
}
