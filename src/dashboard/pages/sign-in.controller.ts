import { Body, Controller, Get, Post, Req, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../auth';
import { CsrfRefused } from '../dashboard-errors';
import { DashboardExceptionFilter } from '../http/dashboard-exception.filter';
import { field } from '../http/form';
import type { FormFields } from '../http/form';
import { redirectTo, sendPage } from '../http/page-reply';
import { ROUTES } from '../routes';
import { CSRF_FIELD, csrfTokenMatches } from '../session/csrf';
import { DashboardCookies } from '../session/dashboard-cookies';
import { DashboardSessionsService } from '../session/dashboard-sessions.service';
import { SignInCsrf } from '../session/sign-in-csrf';
import { SignInService } from '../session/sign-in.service';
import { signInPage } from '../views/sign-in.page';

/** Sign-in and sign-out. The sign-in form is protected by a double-submitted cookie (there is no session yet). */
@ApiExcludeController()
@Public()
@UseFilters(DashboardExceptionFilter)
@Controller('dashboard')
export class SignInController {
  constructor(
    private readonly signIns: SignInService,
    private readonly sessions: DashboardSessionsService,
    private readonly cookies: DashboardCookies,
    private readonly csrf: SignInCsrf,
  ) {}

  @Get('sign-in')
  async form(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (await this.sessions.resolve(this.cookies.session(request))) return redirectTo(reply, ROUTES.overview);
    sendPage(reply, signInPage(this.csrf.issue(request, reply)));
  }

  @Post('sign-in')
  async signIn(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Body() body: FormFields): Promise<void> {
    const token = this.csrf.verify(request, body);
    const email = field(body, 'email', 254);
    const password = field(body, 'password', 1024);
    if (!email || !password) return sendPage(reply, signInPage(token, email, 'Enter your email and password.'), 400);
    const outcome = await this.signIns.signIn(email, password, request.ip);
    if (outcome.kind === 'throttled') {
      reply.header('Retry-After', String(outcome.retryAfterSeconds));
      const wait = `${outcome.retryAfterSeconds} second${outcome.retryAfterSeconds === 1 ? '' : 's'}`;
      const message =
        outcome.by === 'address'
          ? `Too many failed sign-ins from your network address. Try again in ${wait}.`
          : `Too many failed sign-ins. Try again in ${wait}.`;
      return sendPage(reply, signInPage(token, email, message), 429);
    }
    if (outcome.kind === 'wrong-credentials')
      return sendPage(reply, signInPage(token, email, 'Wrong email or password.'), 401);
    this.csrf.clear(reply);
    this.cookies.setSession(reply, outcome.session.token, outcome.session.maxAgeSeconds);
    redirectTo(reply, ROUTES.overview);
  }

  @Post('sign-out')
  async signOut(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Body() body: FormFields): Promise<void> {
    const token = this.cookies.session(request);
    const session = await this.sessions.resolve(token);
    if (session && !csrfTokenMatches(body?.[CSRF_FIELD], session.csrfToken)) throw new CsrfRefused();
    await this.sessions.end(token);
    this.cookies.clearSession(reply);
    redirectTo(reply, ROUTES.signIn);
  }
}
