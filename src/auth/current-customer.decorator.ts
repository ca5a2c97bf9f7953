import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { AuthenticatedCustomer } from './authenticated-customer';

/** The customer the API key belongs to; only on routes the ApiKeyGuard has let through. */
export const CurrentCustomer = createParamDecorator((_: unknown, context: ExecutionContext): AuthenticatedCustomer => {
  const customer = context.switchToHttp().getRequest<FastifyRequest>().customer;
  if (!customer) throw new Error('CurrentCustomer used on a route that is not authenticated');
  return customer;
});
