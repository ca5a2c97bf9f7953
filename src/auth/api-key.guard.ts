import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { FastifyReply, FastifyRequest } from 'fastify';
import { ApiException } from '../common/errors/api-exception';
import { ApiKeyRateLimiter } from '../rate-limit/api-key-rate-limiter';
import { AuthenticatedCustomer } from './authenticated-customer';
import { ApiKeysService } from './api-keys.service';
import { presentedKey } from './presented-key';
import { IS_PUBLIC } from './public.decorator';

export function unauthorized(): ApiException {
  return new ApiException(
    'unauthorized',
    'A valid API key is required: Authorization: Bearer <API key>',
    undefined,
    undefined,
    {
      'WWW-Authenticate': 'Bearer',
    },
  );
}

/** The customer behind the request's key, or undefined. Shared by the guard and the early check. */
export async function authenticateRequest(
  request: FastifyRequest,
  apiKeys: ApiKeysService,
): Promise<AuthenticatedCustomer | undefined> {
  if (request.customer) return request.customer;
  const key = presentedKey(request);
  const customer = key ? await apiKeys.authenticate(key, request.ip) : undefined;
  if (customer) request.customer = customer;
  return customer;
}

/**
 * Global guard: every route requires `Authorization: Bearer <API key>` unless marked @Public().
 * Missing, malformed, unknown and revoked keys all get the same 401, so the answer reveals nothing
 * about which keys exist. An authenticated request is also counted against its key's rate limit
 * (a no-op when the early check already counted it), so no keyed route escapes the limit.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeysService,
    private readonly rateLimiter: ApiKeyRateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const customer = await authenticateRequest(request, this.apiKeys);
    if (!customer) throw unauthorized();
    this.rateLimiter.enforce(request, customer.apiKeyId, http.getResponse<FastifyReply>());
    return true;
  }
}
