import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { FastifyReply, FastifyRequest } from 'fastify';
import { ApiException } from '../common/errors/api-exception';
import { ApiKeyRateLimiter } from '../rate-limit';
import { AuthenticatedCustomer } from './authenticated-customer';
import { ApiKeysService } from './api-keys.service';
import { looksLikeApiKey } from './api-key-format';
import { presentedKey } from './presented-key';
import { IS_PUBLIC } from './public.decorator';

/**
 * Why a request's key was refused, in words a developer can act on: no key at all, a key of the
 * wrong shape (a typo, a truncated paste, another service's token), or a well-formed key the
 * service does not accept. The last never says whether the key never existed or was revoked: that
 * would tell a holder of a leaked key whether it had ever been real.
 */
function refusalMessage(presented: string | undefined): string {
  if (presented === undefined) return 'A valid API key is required: Authorization: Bearer <API key>';
  if (!looksLikeApiKey(presented))
    return 'The API key is malformed: a key is sps_ (or sps_test_) followed by 40 to 44 letters and digits';
  return 'The API key is unknown or revoked';
}

/** The 401 for a request whose key (`presented`, undefined when there is none) was refused. */
export function unauthorized(presented?: string): ApiException {
  return new ApiException('unauthorized', refusalMessage(presented), undefined, undefined, {
    'WWW-Authenticate': 'Bearer',
  });
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
 * Missing, malformed, and unknown-or-revoked keys get the same 401 with different messages; the
 * answer never says which of unknown and revoked a key is. An authenticated request is also counted against its customer's rate limit (one bucket per customer and mode)
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
    if (!customer) throw unauthorized(presentedKey(request));
    this.rateLimiter.enforce(request, customer.customerId, http.getResponse<FastifyReply>());
    return true;
  }
}
