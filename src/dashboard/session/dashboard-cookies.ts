import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../../config';
import type { AppConfig } from '../../config';
import { clearCookie, cookieNames, readCookie, setCookie } from './session-cookies';

/** The dashboard's two cookies, named and flagged for this deployment (Secure and `__Host-` behind https). */
@Injectable()
export class DashboardCookies {
  /** Secure cookies whenever PUBLIC_URL is https. */
  readonly secure: boolean;
  readonly names: { session: string; signIn: string };

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.secure = config.publicUrl.startsWith('https:');
    this.names = cookieNames(this.secure);
  }

  session(request: FastifyRequest): string | undefined {
    return readCookie(request, this.names.session);
  }

  setSession(reply: FastifyReply, token: string, maxAgeSeconds: number): void {
    setCookie(reply, this.names.session, token, this.secure, maxAgeSeconds);
  }

  clearSession(reply: FastifyReply): void {
    clearCookie(reply, this.names.session, this.secure);
  }

  signIn(request: FastifyRequest): string | undefined {
    return readCookie(request, this.names.signIn);
  }

  setSignIn(reply: FastifyReply, token: string): void {
    setCookie(reply, this.names.signIn, token, this.secure);
  }

  clearSignIn(reply: FastifyReply): void {
    clearCookie(reply, this.names.signIn, this.secure);
  }
}
