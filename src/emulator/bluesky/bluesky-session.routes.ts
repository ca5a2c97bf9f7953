import { FastifyInstance, FastifyRequest } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { bearerToken, authorizeBlueskyCall } from './bluesky-access';
import { xrpcErrors } from './bluesky-errors';
import { countBlueskyCall } from './bluesky-rate-limit';
import { rotateSession, SessionPair, startSession } from './bluesky-session-tokens';
import { findBlueskyByIdentifier, findBlueskyProfile, TestBlueskyProfile } from './bluesky-test-user';

function sessionBody(profile: TestBlueskyProfile, pair: SessionPair) {
  return {
    accessJwt: pair.access.value,
    refreshJwt: pair.refresh.value,
    handle: profile.handle,
    did: profile.did,
    active: true,
  };
}

/**
 * The account's DID document as a PDS returns it with the session: its handle, and the PDS that
 * hosts it (`#atproto_pds`, https://atproto.com/specs/did), here the emulator as it was reached,
 * which a client names (did:web of its host) when it asks a service token for its PDS.
 */
function didDocument(request: FastifyRequest, profile: TestBlueskyProfile) {
  return {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/multikey/v1'],
    id: profile.did,
    alsoKnownAs: [`at://${profile.handle}`],
    service: [
      {
        id: '#atproto_pds',
        type: 'AtprotoPersonalDataServer',
        serviceEndpoint: `${request.protocol}://${request.host}`,
      },
    ],
  };
}

function stringOf(body: unknown, name: string): string | undefined {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** com.atproto.server.*Session: app-password sign-in, the session, its rotation and its end. */
export function registerBlueskySessionRoutes(fastify: FastifyInstance, { state }: EmulatorContext): void {
  fastify.post('/com.atproto.server.createSession', async (request, reply) => {
    const identifier = stringOf(request.body, 'identifier');
    const password = stringOf(request.body, 'password');
    if (identifier === undefined || password === undefined)
      throw xrpcErrors.invalidRequest('Input must have the properties "identifier" and "password"');
    const found = findBlueskyByIdentifier(state, identifier.trim());
    if (found) countBlueskyCall(state, reply, 'sessions', found.profile.did);
    if (!found || found.profile.appPassword !== password) throw xrpcErrors.wrongPassword();
    return sessionBody(found.profile, startSession(state, found.profile, found.user.id));
  });

  fastify.get('/com.atproto.server.getSession', async (request, reply) => {
    const { profile } = await authorizeBlueskyCall(state, request, reply);
    return { handle: profile.handle, did: profile.did, didDoc: didDocument(request, profile), active: true };
  });

  fastify.post('/com.atproto.server.refreshSession', async (request) => {
    const refresh = bearerToken(state, request, 'refresh');
    const profile = findBlueskyProfile(state, refresh.subjectId)?.profile;
    if (!profile) throw xrpcErrors.invalidRequest(`Could not find user info for account: ${refresh.subjectId}`);
    return sessionBody(profile, rotateSession(state, refresh, profile));
  });

  // The refresh token ends; access tokens already out live until they expire (they are stateless JWTs on a PDS).
  fastify.post('/com.atproto.server.deleteSession', async (request, reply) => {
    const refresh = bearerToken(state, request, 'refresh');
    refresh.invalidated = 'revoked';
    return reply.status(200).send();
  });
}
