import { LinkedInContract } from '../../contracts';
import type { LinkedInViolation } from '../../contracts';
import { APP, RecordingHttp } from '../http/recording-http.testing';
import { NetworkRequest } from '../http/network-http.client';
import { LinkedInAdapter } from './linkedin.adapter';
import { LINKEDIN_PINNED_VERSION, LinkedInSettings } from './linkedin.settings';

/** Test fixtures of the LinkedIn adapter's specs: its settings, and the contract check of what it sent. */

export const LI_API = 'https://api.linkedin.com';
export const LI_OAUTH = 'https://www.linkedin.com/oauth/v2';
export const LI_TOKEN = 'AQVtoken';
export const LI_MEMBER = 'urn:li:person:abc123';
export const LI_ORG = 'urn:li:organization:2414183';
export const POLL_MS = 15_000;

export const settings = new LinkedInSettings(
  `${LI_OAUTH}/authorization`,
  LI_OAUTH,
  LI_API,
  LINKEDIN_PINNED_VERSION,
  APP,
  false,
  POLL_MS,
);

export function adapterWith(...answers: ConstructorParameters<typeof RecordingHttp>) {
  const http = new RecordingHttp(...answers);
  return { adapter: new LinkedInAdapter(settings, http), http };
}

/** Every request the adapter sent to LinkedIn's hosts (not the upload URLs), checked against the contract: [] when all conform. */
export function contractViolations(requests: readonly NetworkRequest[], now = new Date()): LinkedInViolation[] {
  return requests
    .filter((request) => request.url.startsWith(LI_API) || request.url.startsWith(LI_OAUTH))
    .flatMap((request) => {
      const url = new URL(request.url);
      const path = url.pathname.startsWith('/oauth/') ? url.pathname : url.pathname;
      return LinkedInContract.load().checkRequest({
        method: request.method,
        path,
        headers: Object.fromEntries(
          Object.entries(request.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
        ),
        query: Object.fromEntries(url.searchParams),
        body: request.json ?? request.form,
        now,
      });
    });
}
