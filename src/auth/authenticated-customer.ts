import type { CustomerMode } from '../customers';

/** Who is calling: resolved from the API key by the guard and attached to the request. */
export interface AuthenticatedCustomer {
  /** The world the key acts in: the live customer, or its test world. Scope every lookup by this. */
  customerId: string;
  customerName: string;
  apiKeyId: string;
  /** The key's world: `test` keys see only the test world, `live` keys only the live one. */
  mode: CustomerMode;
  /** The live customer (customerId itself for a live key): for what a test world borrows from it. */
  liveCustomerId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    customer?: AuthenticatedCustomer;
  }
}
