import { randomBytes } from 'node:crypto';
import { Body, Controller, Get, Inject, Post, Req, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../auth/public.decorator';
import { APP_CONFIG } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import { DashboardExceptionFilter } from '../http/dashboard-exception.filter';
import { CsrfRefused } from '../http/dashboard-errors';
import { field } from '../http/form';
import type { FormFields } from '../http/form';
import { redirectTo, sendPage } from '../http/page-reply';
import { ROUTES } from '../routes';
import { CSRF_FIELD, csrfTokenMatches } from '../session/csrf';
import { DashboardSessionsService } from '../session/dashboard-sessions.service';
import { clearCookie, readCookie, SESSION_COOKIE, setCookie, SIGN_IN_CSRF_COOKIE } from '../session/session-cookies';
import { SignInService } from '../session/sign-in.service';
import { signInPage } from '../views/sign-in.page';

/** Sign-in and sign-out. The sign-in form is protected by a double-submitted cookie (there is no session yet). */
@ApiExcludeController()
@Public()
@UseFilters(DashboardExceptionFilter)
@Controller('dashboard')
export class SignInController {
  private readonly secureCookies: boolean;

  constructor(
    private readonly signIns: SignInService,
    private readonly sessions: DashboardSessionsService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.secureCookies = config.publicUrl.startsWith('https:');
  }

  @Get('sign-in')
  async form(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (await this.sessions.resolve(readCookie(request, SESSION_COOKIE))) return redirectTo(reply, ROUTES.overview);
    sendPage(reply, signInPage(this.signInToken(request, reply)));
  }

  @Post('sign-in')
  async signIn(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Body() body: FormFields): Promise<void> {
    const expected = readCookie(request, SIGN_IN_CSRF_COOKIE);
    if (!csrfTokenMatches(body?.[CSRF_FIELD], expected)) throw new CsrfRefused();
    const email = field(body, 'email', 254);
    const password = field(body, 'password', 1024);
    if (!email || !password) return sendPage(reply, signInPage(expected!, email, 'Enter your email and password.'), 400);
    const outcome = await this.signIns.signIn(email, password, request.ip);
    if (outcome.kind === 'throttled') {
      reply.header('Retry-After', String(outcome.retryAfterSeconds));
      const message = `Too many failed sign-ins. Try again in ${outcome.retryAfterSeconds} second${outcome.retryAfterSeconds === 1 ? '' : 's'}.`;
      return sendPage(reply, signInPage(expected!, email, message), 429);
    }
    if (outcome.kind === 'wrong-credentials') return sendPage(reply, signInPage(expected!, email, 'Wrong email or password.'), 401);
    clearCookie(reply, SIGN_IN_CSRF_COOKIE, this.secureCookies);
    const maxAge = Math.floor((outcome.session.expiresAt.getTime() - Date.now()) / 1000);
    setCookie(reply, SESSION_COOKIE, outcome.session.token, this.secureCookies, maxAge);
    redirectTo(reply, ROUTES.overview);
  }

  @Post('sign-out')
  async signOut(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Body() body: FormFields): Promise<void> {
    const token = readCookie(request, SESSION_COOKIE);
    const session = await this.sessions.resolve(token);
    if (session && !csrfTokenMatches(body?.[CSRF_FIELD], session.csrfToken)) throw new CsrfRefused();
    await this.sessions.end(token);
    clearCookie(reply, SESSION_COOKIE, this.secureCookies);
    redirectTo(reply, ROUTES.signIn);
  }

  /** The sign-in form's CSRF token: the one in the cookie, or a new one set now. */
  private signInToken(request: FastifyRequest, reply: FastifyReply): string {
    const existing = readCookie(request, SIGN_IN_CSRF_COOKIE);
    if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
    const token = randomBytes(32).toString('base64url');
    setCookie(reply, SIGN_IN_CSRF_COOKIE, token, this.secureCookies);
    return token;
  }
}
