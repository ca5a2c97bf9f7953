/** Who is calling: resolved from the API key by the guard and attached to the request. */
export interface AuthenticatedCustomer {
  customerId: string;
  customerName: string;
  apiKeyId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    customer?: AuthenticatedCustomer;
  }
}
