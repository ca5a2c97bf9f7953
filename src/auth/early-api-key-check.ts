import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { FastifyInstance } from 'fastify';
import { routedPath } from '../common/http/routed-path';
import { ApiKeyRateLimiter } from '../rate-limit';
import { ApiKeysService } from './api-keys.service';
import { authenticateRequest, unauthorized } from './api-key.guard';
import { presentedKey } from './presented-key';

/** Every route under this prefix needs a key; the public ones (health, docs, OAuth callbacks) live outside it. */
export const KEYED_PREFIX = '/api/v1/';

/**
 * Checks the API key of /api/v1 requests as soon as their headers arrive, before the body is read:
 * a caller without a valid key gets 401, not a 413 or 415 about a body we should never have read.
 * The ApiKeyGuard stays the rule for every route; this only answers earlier.
 *
 * The rate limit (the key's customer and mode) is counted here too, right after the key is known: a throttled request's
 * body is never read, and a request without a valid key takes nothing from anyone's bucket.
 */
@Injectable()
export class EarlyApiKeyCheck implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly apiKeys: ApiKeysService,
    private readonly rateLimiter: ApiKeyRateLimiter,
  ) {}

  onModuleInit(): void {
    // Absent in the CLI, which has no HTTP server.
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    fastify.addHook('onRequest', async (request, reply) => {
      // The routed (decoded) path: `/api/%761/posts` is `/api/v1/posts` to the router.
      if (!routedPath(request.url).startsWith(KEYED_PREFIX)) return;
      const customer = await authenticateRequest(request, this.apiKeys);
      if (!customer) throw unauthorized(presentedKey(request));
      this.rateLimiter.enforce(request, customer.customerId, reply);
    });
  }
}
