import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { FastifyRequest } from 'fastify';
import { ApiException } from '../common/errors/api-exception';
import { bearerToken } from './api-key-format';
import { ApiKeysService } from './api-keys.service';
import { IS_PUBLIC } from './public.decorator';

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

    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const token = bearerToken(request.headers.authorization);
    const customer = token ? await this.apiKeys.authenticate(token) : undefined;
    if (!customer) {
      throw new ApiException('unauthorized', 'A valid API key is required: Authorization: Bearer <API key>', undefined, undefined, {
        'WWW-Authenticate': 'Bearer',
      });
    }
    request.customer = customer;
    return true;
  }
}
