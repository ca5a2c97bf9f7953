import { FastifyInstance } from 'fastify';
import { pinterestContract } from '../../contracts';
import { registerOpenApiChecks } from '../contracts/openapi-contract-checks';
import { EmulatorContext } from '../emulator-context';

/**
 * api.pinterest.com/v5: every call checked against Pinterest's OpenAPI description (requests, the
 * token's scopes, successful answers); a call outside it is logged and fails the e2e test that
 * made it. Refusing is the routes' part, with Pinterest's own answers.
 */
export function registerPinterestContractChecks(fastify: FastifyInstance, context: EmulatorContext): void {
  registerOpenApiChecks(fastify, context, { contractFor: () => pinterestContract(), unmatched: 'log' });
}
