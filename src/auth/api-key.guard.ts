import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { FastifyRequest } from 'fastify';
import { ApiException } from '../common/errors/api-exception';
import { AuthenticatedCustomer } from './authenticated-customer';
import { ApiKeysService } from './api-keys.service';
import { presentedKey } from './presented-key';
import { IS_PUBLIC } from './public.decorator';

export function unauthorized(): ApiException {
  return new ApiException('unauthorized', 'A valid API key is required: Authorization: Bearer <API key>', undefined, undefined, {
    'WWW-Authenticate': 'Bearer',
  });
}

/** The customer behind the request's key, or undefined. Shared by the guard and the early check. */
export async function authenticateRequest(request: FastifyRequest, apiKeys: ApiKeysService): Promise<AuthenticatedCustomer | undefined> {
  if (request.customer) return request.customer;
  const key = presentedKey(request);
  const customer = key ? await apiKeys.authenticate(key) : undefined;
  if (customer) request.customer = customer;
  return customer;
}

/**
 * Global guard: every route requires `Authorization: Bearer <API key>` unless marked @Public().
 * Missing, malformed, unknown and revoked keys all get the same 401, so the answer reveals nothing
 * about which keys exist.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeysService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const customer = await authenticateRequest(context.switchToHttp().getRequest<FastifyRequest>(), this.apiKeys);
    if (!customer) throw unauthorized();
    return true;
  }
}
