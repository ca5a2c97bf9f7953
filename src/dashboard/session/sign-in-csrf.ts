import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CsrfRefused } from '../dashboard-errors';
import { CSRF_FIELD, csrfTokenMatches } from './csrf';
import { DashboardCookies } from './dashboard-cookies';
import { isWellFormedToken, randomToken } from './tokens';

/**
 * The sign-in form's CSRF protection: there is no session yet, so the form double-submits a
 * cookie. The cookie is minted by us: one found in the request is reused only under the
 * `__Host-` name (which no other host, subdomain or plain-http page can set); otherwise a fresh
 * one replaces it, so a value someone planted never becomes the form's token.
 */
@Injectable()
export class SignInCsrf {
  constructor(private readonly cookies: DashboardCookies) {}

  /** The token for a sign-in form about to be shown (setting its cookie when new). */
  issue(request: FastifyRequest, reply: FastifyReply): string {
    const existing = this.cookies.signIn(request);
    if (this.cookies.secure && isWellFormedToken(existing)) return existing;
    const token = randomToken();
    this.cookies.setSignIn(reply, token);
    return token;
  }

  /** The token a sign-in post carried, when it matches its cookie; otherwise CsrfRefused (403). */
  verify(request: FastifyRequest, body: Record<string, unknown> | undefined): string {
    const expected = this.cookies.signIn(request);
    if (!isWellFormedToken(expected) || !csrfTokenMatches(body?.[CSRF_FIELD], expected)) throw new CsrfRefused();
    return expected;
  }

  /** After sign-in: the session's own token takes over. */
  clear(reply: FastifyReply): void {
    this.cookies.clearSignIn(reply);
  }
}
