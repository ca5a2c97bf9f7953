import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';
import { Clock } from '../common/clock/clock';
import { ApiException } from '../common/errors/api-exception';
import { Database } from '../database';
import { newId } from '../common/ids';
import { ApiKey } from './api-key.entity';
import { ApiKeyCache } from './api-key-cache';
import { KeyLookupThrottle } from './key-lookup-throttle';
import { RecentlyInvalidKeys } from './recently-invalid-keys';
import { KnownValidKeys } from './known-valid-keys';
import { CustomerModes } from '../customers';
import { CustomersStore } from '../customers';
import { generateApiKey, hashApiKey, looksLikeApiKey, modeOfApiKey } from './api-key-format';
import { AuthenticatedCustomer } from './authenticated-customer';
import { ApiKeysStore, KeyOwner } from './api-keys.store';

/** Writing last_used_at on every request would make each read a write; once a minute is precise enough. */
const LAST_USED_RESOLUTION_MS = 60_000;

export interface CreatedApiKey {
  key: ApiKey;
  /** The full key. Shown once; only its hash is kept. */
  plaintext: string;
}

@Injectable()
export class ApiKeysService {
  private readonly logger = new Logger(ApiKeysService.name);
  /** Valid keys seen recently; kept honest by ApiKeyRevocations. */
  readonly cache = new ApiKeyCache();
  /** Well-formed keys found invalid a moment ago: answered without a lookup. */
  readonly recentlyInvalid = new RecentlyInvalidKeys();
  /** Keys found valid before (long after the cache forgets them): their lookups are never throttled. */
  readonly knownValid = new KnownValidKeys();
  /** Lookups under way, by key hash: concurrent requests with one key share one. */
  private readonly lookups = new Map<string, Promise<AuthenticatedCustomer | undefined>>();
  /** Lookups (and repeats of invalid keys) per client address, so a bad-key storm is no database load. */
  readonly lookupThrottle: KeyLookupThrottle;
  /** Active keys one customer row (a customer's live or test world) may hold. */
  private readonly maxActiveKeys: number;

  constructor(
    private readonly keys: ApiKeysStore,
    private readonly customers: CustomersStore,
    private readonly database: Database,
    private readonly modes: CustomerModes,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.lookupThrottle = new KeyLookupThrottle(config.keyLookups);
    this.maxActiveKeys = config.apiKeysPerCustomer;
  }

  /**
   * A new key for the customer row given: a live customer's key is live (`sps_…`), its test
   * world's key is a test key (`sps_test_…`). The row decides, so the two cannot disagree. A row
   * holds at most API_KEYS_PER_CUSTOMER active keys: past it, 409 `api_key_limit_reached` (keys
   * share one rate limit, so the bound is about clutter and leaks, not rate).
   */
  async create(customerId: string, name?: string): Promise<CreatedApiKey> {
    const mode = await this.modes.find(customerId);
    if (!mode) throw ApiException.notFound('Customer');
    const secret = generateApiKey(mode);
    // The count and the insert under the customer row's lock: two creations at once cannot both
    // take the last place.
    const key = await this.database.transaction(async (transaction) => {
      await this.customers.lockForUpdate(customerId, transaction);
      const active = await this.keys.countActive(customerId, transaction);
      if (active >= this.maxActiveKeys) {
        throw new ApiException(
          'api_key_limit_reached',
          `This customer already has ${active} active ${mode} API keys, the most allowed (API_KEYS_PER_CUSTOMER); revoke one first`,
        );
      }
      return this.keys.insert(
        {
          id: newId('apiKey'),
          customerId,
          name: name?.trim() || null,
          displayPrefix: secret.displayPrefix,
          keyHash: secret.hash,
          lastUsedAt: null,
          revokedAt: null,
        },
        transaction,
      );
    });
    return { key, plaintext: secret.plaintext };
  }

  list(customerId: string): Promise<ApiKey[]> {
    return this.keys.list(customerId);
  }

  /** One of the customer's keys; 404 for another customer's key, as for an unknown one. */
  async get(customerId: string, id: string): Promise<ApiKey> {
    const key = await this.keys.find(id, customerId);
    if (!key) throw ApiException.notFound('API key');
    return key;
  }

  /** One key of any of the customer rows given (a customer's two worlds); 404 otherwise. */
  async getAmong(customerIds: string[], id: string): Promise<ApiKey> {
    const key = await this.keys.findAmong(id, customerIds);
    if (!key) throw ApiException.notFound('API key');
    return key;
  }

  /**
   * Revokes a key. `customerId` scopes the lookup when a customer acts on its own keys; the
   * operator CLI passes undefined. Revoking twice is harmless.
   */
  async revoke(id: string, customerId?: string): Promise<ApiKey> {
    const key = await this.keys.find(id, customerId);
    if (!key) throw ApiException.notFound('API key');
    if (!key.revokedAt) {
      await this.keys.revoke(key.id);
    }
    // At once here; other instances hear it from the database (NOTIFY api_key_revoked).
    this.cache.forgetKey(key.id);
    return await this.keys.get(key.id);
  }

  /**
   * The customer behind a presented key, or undefined when the key is malformed, unknown or
   * revoked. A valid key is remembered for a while (ApiKeyCache), and forgotten by every instance
   * the moment it is revoked. `clientIp` (the request's address as TRUST_PROXY decides it) is
   * charged for each key found invalid (a lookup takes a token, given back when the key is valid
   * or the lookup fails): past its share, 429 `rate_limited`, and no lookup.
   */
  async authenticate(presented: string, clientIp?: string): Promise<AuthenticatedCustomer | undefined> {
    if (!looksLikeApiKey(presented)) return undefined;
    const hash = hashApiKey(presented);
    const known = this.cache.get(hash);
    if (known) return known;
    // The same key already being looked up (a client's first burst with a key not cached yet): its
    // answer serves this request too, with no second lookup and no token taken from the address.
    const pending = this.lookups.get(hash);
    if (pending) return pending;
    // A key found valid before is looked up without charging the address: behind a load balancer
    // (or a NAT) every client shares one, and another client's bad keys must not shut this one out.
    const charged = this.knownValid.has(hash) ? undefined : clientIp;
    this.lookupThrottle.admit(charged);
    if (this.recentlyInvalid.has(hash)) return undefined;
    const lookup = this.lookUp(presented, hash, charged).finally(() => this.lookups.delete(hash));
    this.lookups.set(hash, lookup);
    return lookup;
  }

  /** The database's answer for a key, remembered (valid in the cache, invalid among the recently invalid). */
  private async lookUp(
    presented: string,
    hash: string,
    clientIp: string | undefined,
  ): Promise<AuthenticatedCustomer | undefined> {
    const generation = this.cache.generation;
    let owner: KeyOwner | undefined;
    try {
      owner = await this.keys.findActiveByHash(hash);
    } catch (error) {
      this.lookupThrottle.refund(clientIp);
      throw error;
    }
    if (!owner) {
      this.knownValid.forget(hash);
      this.recentlyInvalid.remember(hash);
      return undefined;
    }
    // Never written so by us; a key that says one mode while its owner says another is refused.
    if (modeOfApiKey(presented) !== owner.mode) {
      this.logger.error({
        msg: 'API key refused: its form and its customer disagree on the mode',
        keyId: owner.keyId,
        mode: owner.mode,
      });
      return undefined;
    }
    // While cached, the key is read at most every TTL, which is within last_used_at's precision.
    const now = this.clock.now();
    if (!owner.lastUsedAt || now.getTime() - owner.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
      this.touch(owner.keyId, now);
    }
    this.lookupThrottle.refund(clientIp);
    this.knownValid.remember(hash);
    const customer: AuthenticatedCustomer = {
      customerId: owner.customerId,
      customerName: owner.customerName,
      apiKeyId: owner.keyId,
      mode: owner.mode,
      liveCustomerId: owner.liveCustomerId,
    };
    this.cache.set(hash, customer, generation);
    return customer;
  }

  /** Records use at `at` (the clock's time the window is judged by), in the background: a failure to write it must not fail the request. */
  private touch(keyId: string, at: Date): void {
    this.keys.touch(keyId, at).catch((error: unknown) => {
      this.logger.warn({ msg: 'Could not record API key use', keyId, err: String(error) });
    });
  }
}
