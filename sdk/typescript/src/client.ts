import createFetchClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { paths } from './schema';

export interface SocialPublishingClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** Where the service runs, without the /api/v1 prefix (the paths include it): e.g. https://api.example.com */
  baseUrl: string;
  /** A live key (`sps_…`) or a test key (`sps_test_…`), sent as `Authorization: Bearer <key>` on every request. */
  apiKey: string;
}

/** An openapi-fetch client whose paths, parameters, bodies and answers are typed from the service's document. */
export type SocialPublishingClient = Client<paths>;

/**
 * A typed client of the API: `client.GET('/api/v1/social-accounts', { params: { query: { tenantId } } })`
 * answers `{ data, error, response }`, `data` being the `{ success: true, data }` envelope.
 */
export function createClient({ apiKey, ...options }: SocialPublishingClientOptions): SocialPublishingClient {
  if (!apiKey) throw new TypeError('createClient: apiKey is required');
  const client = createFetchClient<paths>(options);
  // A middleware rather than `headers`, so a caller's own headers option is kept as it is.
  client.use({
    onRequest({ request }) {
      request.headers.set('Authorization', `Bearer ${apiKey}`);
      return request;
    },
  });
  return client;
}
