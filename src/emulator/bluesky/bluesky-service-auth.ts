import { FastifyInstance, FastifyRequest } from 'fastify';
import { randomBase62 } from '../../common/ids';
import { EmulatorContext } from '../emulator-context';
import { EmulatorState } from '../state/emulator-state';
import { collectionKey } from '../state/object-collections';
import { authorizeBlueskyCall } from './bluesky-access';
import { XrpcError, xrpcErrors } from './bluesky-errors';

/** A service token the emulated PDS signed: what a service that receives it verifies. */
export interface StoredServiceToken {
  iss: string;
  aud: string;
  lxm?: string;
  /** Seconds since the epoch, as the JWT's `exp`. */
  exp: number;
}

/** Token value → its claims: the emulator's stand-in for checking the PDS's signature. */
export const BLUESKY_SERVICE_TOKENS = collectionKey<StoredServiceToken>('bluesky-service-tokens');

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Methods a PDS signs no service token for (@atproto/pds 0.5.35 pipethrough PROTECTED_METHODS):
 * account management, used only directly.
 */
const PROTECTED_METHODS = new Set([
  'com.atproto.admin.sendEmail',
  'com.atproto.identity.requestPlcOperationSignature',
  'com.atproto.identity.signPlcOperation',
  'com.atproto.identity.updateHandle',
  'com.atproto.server.activateAccount',
  'com.atproto.server.confirmEmail',
  'com.atproto.server.createAppPassword',
  'com.atproto.server.deactivateAccount',
  'com.atproto.server.getAccountInviteCodes',
  'com.atproto.server.getSession',
  'com.atproto.server.listAppPasswords',
  'com.atproto.server.requestAccountDelete',
  'com.atproto.server.requestEmailConfirmation',
  'com.atproto.server.requestEmailUpdate',
  'com.atproto.server.revokeAppPassword',
  'com.atproto.server.updateEmail',
]);

/**
 * An atproto DID, or a `did#service` reference (https://atproto.com/specs/did): did:plc, or
 * did:web of a hostname with no path and no port (a port only on localhost), as @atproto/did's
 * isAtprotoDid checks the audience.
 */
export function isAtprotoAudience(aud: string): boolean {
  const [did, fragment, ...rest] = aud.split('#');
  if (rest.length > 0 || (fragment !== undefined && !/^[A-Za-z0-9._~-]+$/.test(fragment))) return false;
  if (/^did:plc:[a-z2-7]{24}$/.test(did!)) return true;
  const web = /^did:web:([A-Za-z0-9.-]+)((?:%3A)\d+)?$/.exec(did!);
  return web !== null && (web[2] === undefined || web[1] === 'localhost');
}

/** The DID a service answering this request has: did:web of the host it was reached at, as Bluesky's app names it (no port). */
export function didWebOfRequest(request: FastifyRequest): string {
  return `did:web:${request.hostname}`;
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** The PDS's com.atproto.server.getServiceAuth, with its checks of `aud`, `lxm` and `exp` (@atproto/pds 0.5.35). */
export function registerBlueskyServiceAuthRoutes(fastify: FastifyInstance, { state }: EmulatorContext): void {
  fastify.get('/com.atproto.server.getServiceAuth', async (request, reply) => {
    const { profile } = await authorizeBlueskyCall(state, request, reply);
    const query = request.query as Record<string, unknown>;
    const aud = typeof query.aud === 'string' ? query.aud : '';
    const lxm = typeof query.lxm === 'string' && query.lxm !== '' ? query.lxm : undefined;
    if (!aud) throw xrpcErrors.invalidRequest('Error: Params must have the property "aud"');
    if (!isAtprotoAudience(aud))
      throw xrpcErrors.invalidRequest('aud must be a valid atproto DID or did#serviceId reference');
    const now = state.now();
    let exp = Math.floor(now / 1000) + 60;
    if (query.exp !== undefined) {
      exp = Number(query.exp);
      if (!Number.isInteger(exp)) throw xrpcErrors.invalidRequest('exp must be an integer');
      const diff = exp * 1000 - now;
      if (diff < 0) throw new XrpcError(400, 'BadExpiration', 'expiration is in past');
      if (diff > HOUR)
        throw new XrpcError(
          400,
          'BadExpiration',
          'cannot request a token with an expiration more than an hour in the future',
        );
      if (!lxm && diff > MINUTE)
        throw new XrpcError(
          400,
          'BadExpiration',
          'cannot request a method-less token with an expiration more than a minute in the future',
        );
    }
    if (lxm && PROTECTED_METHODS.has(lxm))
      throw xrpcErrors.invalidRequest(`cannot request a service auth token for the following protected method: ${lxm}`);
    const header = base64url({ typ: 'JWT', alg: 'ES256K' });
    const payload = base64url({
      iat: Math.floor(now / 1000),
      iss: profile.did,
      aud,
      exp,
      ...(lxm ? { lxm } : {}),
      jti: randomBase62(16),
    });
    // The signature part is random and carries the world's mark, as the session tokens do.
    const token = `${header}.${payload}.${randomBase62(43)}${state.credentialSuffix}`;
    state.objects.of(BLUESKY_SERVICE_TOKENS).set(token, { iss: profile.did, aud, exp, ...(lxm ? { lxm } : {}) });
    return { token };
  });
}

/**
 * Verifies a service token as xrpc-server's verifyJwt does for a service: one the PDS signed, not
 * expired, for this service's DID and for `lxm`. Each failure is a 401 with its name.
 */
export function verifyServiceToken(state: EmulatorState, request: FastifyRequest, lxm: string): StoredServiceToken {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match) throw xrpcErrors.authMissing();
  const claims = state.objects.of(BLUESKY_SERVICE_TOKENS).get(match[1]!);
  if (!claims) throw new XrpcError(401, 'BadJwtSignature', 'could not verify jwt signature');
  if (claims.exp * 1000 <= state.now()) throw new XrpcError(401, 'JwtExpired', 'jwt expired');
  if (claims.aud !== didWebOfRequest(request))
    throw new XrpcError(401, 'BadJwtAudience', 'jwt audience does not match service did');
  if (claims.lxm !== lxm)
    throw new XrpcError(
      401,
      'BadJwtLexiconMethod',
      claims.lxm !== undefined
        ? `bad jwt lexicon method ("lxm"). must match: ${lxm}`
        : `missing jwt lexicon method ("lxm"). must match: ${lxm}`,
    );
  return claims;
}
