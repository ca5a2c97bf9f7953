import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { DashboardSession } from './dashboard-sessions.service';

/** The signed-in user's session; only on routes behind DashboardSessionGuard. */
export const CurrentSession = createParamDecorator((_: unknown, context: ExecutionContext): DashboardSession => {
  const session = context.switchToHttp().getRequest<FastifyRequest>().dashboardSession;
  if (!session) throw new Error('CurrentSession used on a route without DashboardSessionGuard');
  return session;
});
