import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../../config';
import type { AppConfig } from '../../config';
import { CsrfRefused } from '../dashboard-errors';
import { ROUTES } from '../routes';
import { CSRF_FIELD, csrfTokenMatches } from './csrf';
import { DashboardCookies } from './dashboard-cookies';
import { comesFromOwnOrigin } from './form-origin';
import { isWellFormedToken, randomToken } from './tokens';

/**
 * The sign-in form's CSRF protection: there is no session yet, so the form double-submits a
 * cookie. The cookie is minted by us: one found in the request is reused only under the
 * `__Host-` name (which no other host, subdomain or plain-http page can set); otherwise a fresh
 * one replaces it, so a value someone planted never becomes the form's token.
 *
 * Over plain http that name is not available, and a sibling subdomain (or anyone on the path) can
 * plant the cookie and post a matching token from its own page, signing the victim in to the
 * attacker's account. So the post must also come from our own origin, as the browser's `Origin`
 * and `Sec-Fetch-Site` headers tell (see form-origin.ts).
 */
@Injectable()
export class SignInCsrf {
  constructor(
    private readonly cookies: DashboardCookies,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The token for a sign-in form about to be shown (setting its cookie when new). */
  issue(request: FastifyRequest, reply: FastifyReply): string {
    const existing = this.cookies.signIn(request);
    if (this.cookies.secure && isWellFormedToken(existing)) return existing;
    const token = randomToken();
    this.cookies.setSignIn(reply, token);
    return token;
  }

  /** The token a sign-in post carried, when it came from our own origin and matches its cookie; otherwise CsrfRefused (403). */
  verify(request: FastifyRequest, body: Record<string, unknown> | undefined): string {
    if (!comesFromOwnOrigin(request.headers, this.config.publicUrl)) {
      throw new CsrfRefused(
        `This sign-in did not come from the dashboard's own page. Open ${this.config.publicUrl}${ROUTES.signIn} and sign in there.`,
      );
    }
    const expected = this.cookies.signIn(request);
    if (!isWellFormedToken(expected) || !csrfTokenMatches(body?.[CSRF_FIELD], expected)) throw new CsrfRefused();
    return expected;
  }

  /** After sign-in: the session's own token takes over. */
  clear(reply: FastifyReply): void {
    this.cookies.clearSignIn(reply);
  }
}
