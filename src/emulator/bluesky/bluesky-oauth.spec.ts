import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { DpopKey, dpopKeyFromSecret } from '../../networks/bluesky/bluesky-dpop';
import { BlueskyOAuthClient, loadBlueskyOAuthClient } from '../../networks/bluesky/bluesky-oauth-client';
import { contractLog } from '../contracts/contract-log';
import { form, pkcePair, redirectOf } from '../emulator.testing';
import { ServingEmulatorState } from '../registry/emulated-network';
import { blueskyApp } from './bluesky.testing';

/**
 * The emulated authorization server of atproto OAuth, driven as a confidential client would: its
 * metadata document and JWKS served from a real HTTP server (the emulator fetches them), every
 * call with a DPoP proof. Each refusal is the one @atproto/oauth-provider answers.
 */
const BASE = 'http://localhost:80/emulator/bluesky';
const CONTRACT = JSON.parse(readFileSync(join(__dirname, '../../../contracts/bluesky/oauth.json'), 'utf8')) as {
  scope: string;
  discovery: Record<'authorizationServer' | 'protectedResource', { fieldsRead: Record<string, string> }>;
  lifetimes: { parRequestSeconds: number };
};

let app: FastifyInstance;
let state: ServingEmulatorState;
let documents: Server;
let client: BlueskyOAuthClient;

beforeAll(async () => {
  documents = createServer((request, response) => {
    const body = request.url === '/oauth/bluesky/jwks.json' ? client.jwks() : client.metadata();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve));
  const publicUrl = `http://127.0.0.1:${(documents.address() as AddressInfo).port}`;
  const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' });
  client = loadBlueskyOAuthClient(publicUrl, pem.toString(), undefined, 'Emulator test')!;
});

afterAll(() => new Promise((resolve) => documents.close(resolve)));

beforeEach(async () => {
  ({ app, state } = await blueskyApp());
});

afterEach(async () => {
  expect(contractLog.take()).toEqual([]);
  await app.close();
});

const newKey = () => new DpopKey(dpopKeyFromSecret(randomBytes(16).toString('hex')));

/** A form POST to the authorization server with a proof of `key`; the nonce dance done when `nonce` is true. */
async function post(
  path: string,
  values: Record<string, string>,
  key: DpopKey | undefined,
  options: { nonce?: boolean; auth?: boolean } = {},
): Promise<LightMyRequestResponse> {
  const url = `${BASE}${path}`;
  const send = (nonce?: string) => {
    const body = form({ ...values, ...(options.auth === false ? {} : client.authentication(BASE)) });
    return app.inject({
      method: 'POST',
      url: `/emulator/bluesky${path}`,
      payload: body.payload,
      headers: { ...body.headers, ...(key ? { dpop: key.proof('POST', url, { nonce }) } : {}) },
    });
  };
  const first = await send();
  if (options.nonce === false || first.json().error !== 'use_dpop_nonce') return first;
  return send(String(first.headers['dpop-nonce']));
}

async function par(key: DpopKey, challenge: string, extra: Record<string, string> = {}) {
  return post(
    '/oauth/par',
    {
      response_type: 'code',
      redirect_uri: client.redirectUri,
      scope: 'atproto transition:generic',
      state: 'st-1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...extra,
    },
    key,
  );
}

/** PAR, consent (approved) and the code, with `key`. */
async function authorize(key: DpopKey): Promise<{ code: string; verifier: string; redirect: URL }> {
  const { verifier, challenge } = pkcePair();
  const pushed = await par(key, challenge);
  expect(pushed.statusCode).toBe(201);
  const redirect = redirectOf(
    await app.inject({
      url: `/emulator/bluesky/oauth/authorize?client_id=${encodeURIComponent(client.clientId)}&request_uri=${encodeURIComponent(pushed.json().request_uri)}&emulator_auto=approve`,
    }),
  );
  return { code: redirect.searchParams.get('code')!, verifier, redirect };
}

async function tokens(key: DpopKey) {
  const { code, verifier } = await authorize(key);
  const answer = await post(
    '/oauth/token',
    { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: client.redirectUri },
    key,
  );
  expect(answer.statusCode).toBe(200);
  return answer.json() as { access_token: string; refresh_token: string; token_type: string; sub: string };
}

/** getSession with a DPoP-bound token and a proof of `key` (nonce dance done). */
async function getSession(token: string, key: DpopKey, scheme = 'DPoP'): Promise<LightMyRequestResponse> {
  const url = `${BASE}/xrpc/com.atproto.server.getSession`;
  const send = (nonce?: string) =>
    app.inject({
      url: '/emulator/bluesky/xrpc/com.atproto.server.getSession',
      headers: { authorization: `${scheme} ${token}`, dpop: key.proof('GET', url, { nonce, accessToken: token }) },
    });
  const first = await send();
  const nonce = first.headers['dpop-nonce'];
  return first.statusCode === 401 && typeof nonce === 'string' && first.json().error === 'use_dpop_nonce'
    ? send(nonce)
    : first;
}

describe('Bluesky emulator: atproto OAuth', () => {
  it('publishes its authorization server and protected resource metadata, with PAR required', async () => {
    const metadata = (await app.inject({ url: '/emulator/bluesky/.well-known/oauth-authorization-server' })).json();
    expect(metadata).toMatchObject({
      issuer: BASE,
      pushed_authorization_request_endpoint: `${BASE}/oauth/par`,
      token_endpoint: `${BASE}/oauth/token`,
      revocation_endpoint: `${BASE}/oauth/revoke`,
      require_pushed_authorization_requests: true,
      code_challenge_methods_supported: ['S256'],
      dpop_signing_alg_values_supported: ['ES256'],
      client_id_metadata_document_supported: true,
    });
    // Every field the service reads, as the contract lists them (contracts/bluesky/oauth.json).
    expect(Object.keys(metadata)).toEqual(
      expect.arrayContaining(Object.keys(CONTRACT.discovery.authorizationServer.fieldsRead)),
    );
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(CONTRACT.scope.split(' ')));
    const resource = (await app.inject({ url: '/emulator/bluesky/.well-known/oauth-protected-resource' })).json();
    expect(Object.keys(resource)).toEqual(
      expect.arrayContaining(Object.keys(CONTRACT.discovery.protectedResource.fieldsRead)),
    );
    expect(resource.authorization_servers).toEqual([BASE]);
  });

  it('refuses a PAR without a proof, asks for a nonce first, and checks the client assertion and redirect', async () => {
    const key = newKey();
    const { challenge } = pkcePair();
    const unproved = await post('/oauth/par', { response_type: 'code' }, undefined);
    expect([unproved.statusCode, unproved.json().error]).toEqual([400, 'invalid_dpop_proof']);
    const noNonce = await post('/oauth/par', { response_type: 'code' }, key, { nonce: false });
    expect([noNonce.statusCode, noNonce.json().error]).toEqual([400, 'use_dpop_nonce']);
    expect(noNonce.headers['dpop-nonce']).toEqual(expect.any(String));
    const anonymous = await post('/oauth/par', { client_id: client.clientId }, key, { auth: false });
    expect([anonymous.statusCode, anonymous.json().error]).toEqual([400, 'invalid_client']);
    const elsewhere = await par(key, challenge, { redirect_uri: 'https://attacker.example/callback' });
    expect([elsewhere.statusCode, elsewhere.json().error]).toEqual([400, 'invalid_request']);
    const plain = await par(key, challenge, { code_challenge_method: 'plain' });
    expect([plain.statusCode, plain.json().error]).toEqual([400, 'invalid_request']);
    const pushed = await par(key, challenge);
    expect(pushed.statusCode).toBe(201);
    expect(pushed.json().expires_in).toBe(CONTRACT.lifetimes.parRequestSeconds);
    expect(pushed.json()).toEqual({
      request_uri: expect.stringMatching(/^urn:ietf:params:oauth:request_uri:/),
      expires_in: 300,
    });
  });

  it('shows the consent only for a pushed request, once, and names itself as the issuer', async () => {
    const direct = await app.inject({
      url: `/emulator/bluesky/oauth/authorize?client_id=${encodeURIComponent(client.clientId)}&response_type=code&state=x&emulator_auto=approve`,
    });
    expect(direct.statusCode).toBe(400);
    const key = newKey();
    const { challenge } = pkcePair();
    const requestUri = (await par(key, challenge)).json().request_uri as string;
    const url = `/emulator/bluesky/oauth/authorize?client_id=${encodeURIComponent(client.clientId)}&request_uri=${encodeURIComponent(requestUri)}&emulator_auto=approve`;
    const redirect = redirectOf(await app.inject({ url }));
    expect(`${redirect.origin}${redirect.pathname}`).toBe(client.redirectUri);
    expect(redirect.searchParams.get('state')).toBe('st-1');
    expect(redirect.searchParams.get('iss')).toBe(BASE);
    expect((await app.inject({ url })).statusCode).toBe(400);
  });

  it('redeems the code only with the PAR key and the verifier; the token is DPoP-bound on the PDS', async () => {
    const key = newKey();
    const { code, verifier } = await authorize(key);
    const redeem = (with_: DpopKey, codeVerifier: string) =>
      post(
        '/oauth/token',
        { grant_type: 'authorization_code', code, code_verifier: codeVerifier, redirect_uri: client.redirectUri },
        with_,
      );
    const otherKey = await redeem(newKey(), verifier);
    expect([otherKey.statusCode, otherKey.json().error]).toEqual([400, 'invalid_dpop_proof']);
    const wrongVerifier = await redeem(key, pkcePair().verifier);
    expect([wrongVerifier.statusCode, wrongVerifier.json().error]).toEqual([400, 'invalid_grant']);

    const session = await tokens(key);
    expect(session).toMatchObject({ token_type: 'DPoP', sub: state.findUser('ada')!.bluesky!.did });
    expect((await getSession(session.access_token, key)).statusCode).toBe(200);
    const asBearer = await app.inject({
      url: '/emulator/bluesky/xrpc/com.atproto.server.getSession',
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(asBearer.statusCode).toBe(401);
    const foreign = await getSession(session.access_token, newKey());
    expect([foreign.statusCode, foreign.json().error]).toEqual([401, 'invalid_dpop_proof']);
  });

  it('rotates refresh tokens: a replayed one ends the session; revocation ends it too', async () => {
    const key = newKey();
    const first = await tokens(key);
    const refresh = (token: string) => post('/oauth/token', { grant_type: 'refresh_token', refresh_token: token }, key);
    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    const renewed = second.json();
    expect(renewed.refresh_token).not.toBe(first.refresh_token);
    const replay = await refresh(first.refresh_token);
    expect([replay.statusCode, replay.json()]).toEqual([
      400,
      { error: 'invalid_grant', error_description: 'Refresh token replayed' },
    ]);
    expect((await getSession(renewed.access_token, key)).statusCode).toBe(400);

    const other = await tokens(key);
    const revoked = await post('/oauth/revoke', { token: other.refresh_token }, key);
    expect(revoked.statusCode).toBe(200);
    expect((await refresh(other.refresh_token)).json().error).toBe('invalid_grant');
  });
});
