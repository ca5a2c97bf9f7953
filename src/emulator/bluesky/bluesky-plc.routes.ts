import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { blueskyBaseUrl } from './bluesky-oauth-grants';
import { findBlueskyProfile } from './bluesky-test-user';

/**
 * `/plc/<did>`: the PLC directory's answer (https://web.plc.directory/api/redoc#operation/ResolveDid)
 * for the emulator's accounts: a DID document whose `#atproto_pds` service is the emulator itself,
 * so an OAuth client that resolves the account finds the PDS that speaks for it.
 */
export function registerBlueskyPlcRoutes(fastify: FastifyInstance, { state, publicUrl }: EmulatorContext): void {
  fastify.get<{ Params: { did: string } }>('/plc/:did', async (request, reply) => {
    const found = findBlueskyProfile(state, request.params.did);
    if (!found) return reply.status(404).send({ message: `DID not registered: ${request.params.did}` });
    const { profile } = found;
    return {
      '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/multikey/v1'],
      id: profile.did,
      alsoKnownAs: [`at://${profile.handle}`],
      verificationMethod: [],
      service: [
        { id: '#atproto_pds', type: 'AtprotoPersonalDataServer', serviceEndpoint: blueskyBaseUrl(request, publicUrl) },
      ],
    };
  });
}
