import { randomBytes } from 'node:crypto';

const ACCEPTABLE_INCOMING_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** Anything shaped like one of our API keys (live `sps_…` or test `sps_test_…`) is never echoed or logged as a request id. */
const KEY_SHAPED = /sps_(?:test_)?[0-9A-Za-z]{20,}/;

/**
 * The request id of a request: the caller's `X-Request-Id` when it is a sane token (so ids can be
 * traced across systems), otherwise a fresh one.
 */
export function requestIdFor(incoming: string | string[] | undefined): string {
  if (typeof incoming === 'string' && ACCEPTABLE_INCOMING_ID.test(incoming) && !KEY_SHAPED.test(incoming))
    return incoming;
  return `req_${randomBytes(12).toString('base64url')}`;
}
