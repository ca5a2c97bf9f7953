import { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { EMULATED_NETWORKS } from '../emulated-networks';
import { emulatorApp } from '../emulator.testing';
import { ServingEmulatorState } from '../registry/emulated-network';
import { contractLog } from '../contracts/contract-log';
import { blueskyEmulator } from './bluesky.emulator';
import { DEFAULT_APP_PASSWORD } from './bluesky-test-user';

/** Helpers for the Bluesky emulator's unit tests. */

/** The emulator with Bluesky served (whether or not EMULATED_NETWORKS lists it yet). */
export function blueskyApp(): Promise<{ app: FastifyInstance; state: ServingEmulatorState }> {
  const others = EMULATED_NETWORKS.filter((network) => network.id !== 'bluesky');
  return emulatorApp([...others, blueskyEmulator]);
}

export interface XrpcCall {
  token?: string;
  query?: Record<string, string | string[]>;
  body?: unknown;
  bytes?: { data: Buffer; contentType: string };
}

/** One XRPC call: a query (GET) without a body, a procedure (POST) with one (or with `procedure: true`). */
export function xrpc(
  app: FastifyInstance,
  nsid: string,
  call: XrpcCall = {},
  procedure = call.body !== undefined || call.bytes !== undefined,
): Promise<LightMyRequestResponse> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(call.query ?? {}))
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, one);
  const search = params.toString();
  const headers: Record<string, string> = call.token ? { authorization: `Bearer ${call.token}` } : {};
  if (call.bytes) headers['content-type'] = call.bytes.contentType;
  return app.inject({
    method: procedure ? 'POST' : 'GET',
    url: `/emulator/bluesky/xrpc/${nsid}${search ? `?${search}` : ''}`,
    headers,
    ...(call.bytes ? { payload: call.bytes.data } : call.body !== undefined ? { payload: call.body as object } : {}),
  });
}

/** createSession with a seeded user's handle and the default app password. */
export async function blueskySession(
  app: FastifyInstance,
  identifier = 'ada-bakery.bsky.social',
): Promise<{ accessJwt: string; refreshJwt: string; did: string; handle: string }> {
  const response = await xrpc(app, 'com.atproto.server.createSession', {
    body: { identifier, password: DEFAULT_APP_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

export interface SignedInBluesky {
  app: FastifyInstance;
  state: ServingEmulatorState;
  token: string;
  did: string;
}

/**
 * Gives each test of the describe block calling it a fresh emulator with a seeded user signed in
 * (handed to `take`), and fails a test whose calls left the lexicons (the contract log).
 */
export function useSignedInBluesky(take: (signedIn: SignedInBluesky) => void): void {
  let app: FastifyInstance | undefined;
  beforeEach(async () => {
    const served = await blueskyApp();
    app = served.app;
    const { accessJwt, did } = await blueskySession(served.app);
    take({ ...served, token: accessJwt, did });
    contractLog.take();
  });
  afterEach(async () => {
    expect(contractLog.take()).toEqual([]);
    await app?.close();
  });
}
