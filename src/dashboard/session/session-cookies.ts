import { parse, serialize, SerializeOptions } from 'cookie';
import { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The dashboard's cookie names. When cookies are Secure (PUBLIC_URL is https) they carry the
 * `__Host-` prefix: the browser then accepts them only from this very host over https, with
 * Path=/ and no Domain, so a sibling subdomain or a plain-http page cannot plant one.
 */
export function cookieNames(secure: boolean): { session: string; signIn: string } {
  const prefix = secure ? '__Host-' : '';
  return {
    /** The session's token. HttpOnly: no script, ours or injected, can read it. */
    session: `${prefix}sps_dashboard_session`,
    /** Before sign-in there is no session to hold a CSRF token: the sign-in form double-submits this one. */
    signIn: `${prefix}sps_dashboard_signin`,
  };
}

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  return parse(header)[name];
}

function options(secure: boolean, maxAgeSeconds?: number): SerializeOptions {
  // SameSite=Lax: the cookie is not sent on another site's form posts; Secure whenever PUBLIC_URL is https.
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    ...(maxAgeSeconds !== undefined ? { maxAge: maxAgeSeconds } : {}),
  };
}

export function setCookie(
  reply: FastifyReply,
  name: string,
  value: string,
  secure: boolean,
  maxAgeSeconds?: number,
): void {
  appendSetCookie(reply, serialize(name, value, options(secure, maxAgeSeconds)));
}

export function clearCookie(reply: FastifyReply, name: string, secure: boolean): void {
  appendSetCookie(reply, serialize(name, '', { ...options(secure, 0), expires: new Date(0) }));
}

function appendSetCookie(reply: FastifyReply, cookie: string): void {
  const existing = reply.getHeader('set-cookie');
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
  reply.header('set-cookie', [...list, cookie]);
}
