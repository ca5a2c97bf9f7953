import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { CsrfRefused, SignInRequired } from '../dashboard-errors';
import { CSRF_FIELD, csrfTokenMatches } from './csrf';
import { DashboardCookies } from './dashboard-cookies';
import { DashboardSession, DashboardSessionsService } from './dashboard-sessions.service';

declare module 'fastify' {
  interface FastifyRequest {
    dashboardSession?: DashboardSession;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Dashboard pages need a live session cookie, and every form post the session's CSRF token. The
 * Authorization header is never looked at: an API key does not open the dashboard.
 */
@Injectable()
export class DashboardSessionGuard implements CanActivate {
  constructor(
    private readonly sessions: DashboardSessionsService,
    private readonly cookies: DashboardCookies,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const session = await this.sessions.resolve(this.cookies.session(request));
    if (!session) throw new SignInRequired();
    if (!SAFE_METHODS.has(request.method)) {
      const body = request.body as Record<string, unknown> | undefined;
      if (!csrfTokenMatches(body?.[CSRF_FIELD], session.csrfToken)) throw new CsrfRefused();
    }
    request.dashboardSession = session;
    return true;
  }
}
