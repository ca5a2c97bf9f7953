import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { callbackUrlFor } from '../../connect/callback-url';
import { answer, APP, RecordingHttp } from '../http/recording-http.testing';
import { NetworkError } from '../network-error';
import { DpopKey, dpopKeyFromSecret, jwkThumbprint } from './bluesky-dpop';
import { BlueskyLoopbackClient, loadBlueskyOAuthClient } from './bluesky-oauth-client';
import { readBinding } from './bluesky-token-binding';
import { BlueskyAdapter } from './bluesky.adapter';
import { BlueskySettings } from './bluesky.settings';

/**
 * The adapter's side of atproto OAuth against recorded answers: what it sends (PAR, token, refresh,
 * revoke, each with its proof and client assertion, as contracts/bluesky/oauth.json says) and what
 * it refuses to trust. The whole flow against the emulator is test/e2e/bluesky-oauth.e2e-spec.ts.
 */
const CONTRACT = JSON.parse(readFileSync(join(__dirname, '../../../contracts/bluesky/oauth.json'), 'utf8')) as {
  scope: string;
  clientMetadata: { fields: Record<string, unknown> };
};
const ENTRYWAY = 'https://entryway.example.com';
const PDS = 'https://pds.example.com';
const PLC = 'https://plc.example.com';
const PUBLIC = 'https://api.example.com';
const DID = 'did:plc:ewvi7nxzyoun6zhxrhs64oiz';
const PEM = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' });
const client = loadBlueskyOAuthClient(PUBLIC, PEM.toString(), 'key-1', 'Fair Posts')!;
const settings = new BlueskySettings(
  ENTRYWAY,
  `${ENTRYWAY}/video`,
  undefined,
  false,
  undefined,
  undefined,
  PLC,
  client,
);

const SERVER = {
  issuer: ENTRYWAY,
  pushed_authorization_request_endpoint: `${ENTRYWAY}/oauth/par`,
  authorization_endpoint: `${ENTRYWAY}/oauth/authorize`,
  token_endpoint: `${ENTRYWAY}/oauth/token`,
  revocation_endpoint: `${ENTRYWAY}/oauth/revoke`,
};
const TOKENS = {
  access_token: 'at-1',
  refresh_token: 'rt-1',
  token_type: 'DPoP',
  expires_in: 3600,
  scope: 'atproto transition:generic',
  sub: DID,
};
const DID_DOC = {
  id: DID,
  service: [{ id: '#atproto_pds', type: 'AtprotoPersonalDataServer', serviceEndpoint: PDS }],
};
const nonceAsked = answer(400, { error: 'use_dpop_nonce' }, { 'dpop-nonce': 'n-1' });

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));
const headerOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString('utf8'));

const adapterWith = (...answers: ConstructorParameters<typeof RecordingHttp>) => {
  const http = new RecordingHttp(...answers);
  return { adapter: new BlueskyAdapter(settings, http), http };
};

const exchange = {
  code: 'cod-1',
  codeVerifier: 'v'.repeat(43),
  callbackUrl: client.redirectUri,
  app: APP,
  attemptSecret: 'secret-1',
  callbackParams: { iss: ENTRYWAY },
};

describe('Bluesky OAuth client documents', () => {
  it('describes a confidential web client whose redirect is the service callback, as the contract lists', () => {
    expect(client.redirectUri).toBe(callbackUrlFor(PUBLIC, 'bluesky'));
    const metadata = client.metadata();
    expect(Object.keys(metadata).sort()).toEqual(Object.keys(CONTRACT.clientMetadata.fields).sort());
    expect(metadata).toMatchObject({
      client_id: `${PUBLIC}/oauth/bluesky/client-metadata.json`,
      scope: CONTRACT.scope,
    });
    expect(client.jwks().keys).toEqual([expect.objectContaining({ kid: 'key-1', alg: 'ES256', kty: 'EC' })]);
    expect(client.jwks().keys[0]).not.toHaveProperty('d');
  });

  it('signs client assertions with its key, for one issuer, a minute long', () => {
    const fields = client.authentication(ENTRYWAY, new Date(1_800_000_000_000));
    expect(fields.client_assertion_type).toBe('urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
    const [header, claims, signature] = fields.client_assertion!.split('.');
    expect(headerOf(fields.client_assertion!)).toEqual({ alg: 'ES256', kid: 'key-1', typ: 'JWT' });
    expect(claimsOf(fields.client_assertion!)).toMatchObject({
      iss: client.clientId,
      sub: client.clientId,
      aud: ENTRYWAY,
      iat: 1_800_000_000,
      exp: 1_800_000_060,
    });
    const key = createPublicKey({ key: client.jwks().keys[0]!, format: 'jwk' });
    expect(
      verify(
        'sha256',
        Buffer.from(`${header}.${claims}`),
        { key, dsaEncoding: 'ieee-p1363' },
        Buffer.from(signature!, 'base64url'),
      ),
    ).toBe(true);
  });

  it("names atproto's loopback development client by its redirect and scope, with no client authentication", () => {
    const loopback = new BlueskyLoopbackClient('http://127.0.0.1:9/oauth/bluesky/callback');
    const id = new URL(loopback.clientId);
    expect(`${id.protocol}//${id.host}`).toBe('http://localhost');
    expect(Object.fromEntries(id.searchParams)).toEqual({
      redirect_uri: 'http://127.0.0.1:9/oauth/bluesky/callback',
      scope: 'atproto transition:generic',
    });
    expect(loopback.authentication()).toEqual({ client_id: loopback.clientId });
  });

  it('refuses a key that is not P-256', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'pem', type: 'pkcs8' });
    expect(() => loadBlueskyOAuthClient(PUBLIC, rsa.toString(), undefined, 'x')).toThrow(/P-256/);
    expect(() => loadBlueskyOAuthClient(PUBLIC, 'not a key', undefined, 'x')).toThrow(/not a private key/);
    expect(loadBlueskyOAuthClient(PUBLIC, undefined, undefined, 'x')).toBeUndefined();
  });
});

describe('DPoP keys and proofs', () => {
  it('derives the same key from the same attempt secret, and another from another', () => {
    expect(dpopKeyFromSecret('secret-1')).toEqual(dpopKeyFromSecret('secret-1'));
    expect(dpopKeyFromSecret('secret-1').d).not.toBe(dpopKeyFromSecret('secret-2').d);
  });

  it('writes proofs for the method and the URL without its query, with ath for a resource call', () => {
    const key = new DpopKey(dpopKeyFromSecret('secret-1'));
    const proof = key.proof('get', 'https://pds.example.com/xrpc/x?y=1', { nonce: 'n', accessToken: 'at' });
    expect(headerOf(proof)).toMatchObject({ typ: 'dpop+jwt', alg: 'ES256', jwk: { kty: 'EC', crv: 'P-256' } });
    expect(headerOf(proof).jwk).not.toHaveProperty('d');
    expect(claimsOf(proof)).toMatchObject({ htm: 'GET', htu: 'https://pds.example.com/xrpc/x', nonce: 'n' });
    expect(claimsOf(proof).ath).toBe('sda5G2fCr6XjIpiNlGJjjTVN34oe9526mH-BXCK0uu4');
    expect(key.thumbprint).toBe(jwkThumbprint(headerOf(proof).jwk));
  });
});

describe('BlueskyAdapter atproto OAuth', () => {
  it('pushes the authorization request (after the nonce dance) and answers the consent URL', async () => {
    const { adapter, http } = adapterWith(
      answer(200, SERVER),
      nonceAsked,
      answer(201, { request_uri: 'urn:ietf:params:oauth:request_uri:req-1', expires_in: 300 }),
    );
    expect(adapter.consentConfigured(APP)).toBe(true);
    const { url, keep } = await adapter.authorizeUrl({
      state: 'st_1',
      codeChallenge: 'c'.repeat(43),
      callbackUrl: client.redirectUri,
      app: APP,
      attemptSecret: 'secret-1',
    });
    expect(url).toBe(
      `${ENTRYWAY}/oauth/authorize?client_id=${encodeURIComponent(client.clientId)}&request_uri=${encodeURIComponent('urn:ietf:params:oauth:request_uri:req-1')}`,
    );
    expect(JSON.parse(keep!)).toEqual({ issuer: ENTRYWAY });
    expect(http.requests[0]!.url).toBe(`${ENTRYWAY}/.well-known/oauth-authorization-server`);
    const [first, second] = [http.requests[1]!, http.requests[2]!];
    expect(second.form).toMatchObject({
      response_type: 'code',
      redirect_uri: client.redirectUri,
      scope: 'atproto transition:generic',
      state: 'st_1',
      code_challenge_method: 'S256',
      client_id: client.clientId,
    });
    expect(claimsOf(first.headers!.DPoP!).nonce).toBeUndefined();
    expect(claimsOf(second.headers!.DPoP!)).toMatchObject({ htm: 'POST', htu: `${ENTRYWAY}/oauth/par`, nonce: 'n-1' });
    // The attempt's key: the callback derives it again from the same secret.
    expect(headerOf(second.headers!.DPoP!).jwk.x).toBe(dpopKeyFromSecret('secret-1').x);
  });

  it("with a handle, asks the account's own authorization server (handle, DID, PDS, its server) and keeps it", async () => {
    const OWN = 'https://auth.self-hosted.example';
    const { adapter, http } = adapterWith(
      answer(200, { did: DID }),
      answer(200, DID_DOC),
      answer(200, { authorization_servers: [OWN] }),
      answer(200, {
        ...SERVER,
        issuer: OWN,
        pushed_authorization_request_endpoint: `${OWN}/oauth/par`,
        authorization_endpoint: `${OWN}/oauth/authorize`,
      }),
      answer(201, { request_uri: 'urn:ietf:params:oauth:request_uri:req-2', expires_in: 300 }),
    );
    const { url, keep } = await adapter.authorizeUrl({
      state: 'st_2',
      codeChallenge: 'c'.repeat(43),
      callbackUrl: client.redirectUri,
      app: APP,
      attemptSecret: 'secret-2',
      loginHint: '@Ada.Example.com',
    });
    expect(http.requests.map((request) => request.url)).toEqual([
      `${ENTRYWAY}/xrpc/com.atproto.identity.resolveHandle?handle=ada.example.com`,
      `${PLC}/${DID}`,
      `${PDS}/.well-known/oauth-protected-resource`,
      `${OWN}/.well-known/oauth-authorization-server`,
      `${OWN}/oauth/par`,
    ]);
    expect(http.requests[4]!.form).toMatchObject({ login_hint: 'Ada.Example.com' });
    expect(url.startsWith(`${OWN}/oauth/authorize?`)).toBe(true);
    expect(JSON.parse(keep!)).toEqual({ issuer: OWN, did: DID });
  });

  it('redeems the code only at the server the attempt kept, for the account the hint named', async () => {
    const OWN = 'https://auth.self-hosted.example';
    const kept = JSON.stringify({ issuer: OWN, did: DID });
    const ownServer = { ...SERVER, issuer: OWN, token_endpoint: `${OWN}/oauth/token` };
    // The browser's iss names the entryway: not the server asked, so nothing is sent anywhere.
    const mixedUp = adapterWith(answer(200, ownServer));
    await expect(mixedUp.adapter.exchangeCode({ ...exchange, adapterState: kept })).rejects.toMatchObject({
      kind: 'permanent',
    });
    expect(mixedUp.http.requests.map((request) => request.url)).toEqual([
      `${OWN}/.well-known/oauth-authorization-server`,
    ]);
    // Another account signed in than the hint named.
    const other = adapterWith(
      answer(200, ownServer),
      answer(200, { ...TOKENS, sub: 'did:plc:z72i7hdynmk6r22z27h6tvur' }),
    );
    await expect(
      other.adapter.exchangeCode({ ...exchange, adapterState: kept, callbackParams: { iss: OWN } }),
    ).rejects.toThrow(/not the one the login hint named/);
  });

  it('calls no PDS or server a DID document names unless it is https on a public host name', async () => {
    for (const endpoint of ['http://pds.example.com', 'https://10.0.0.7', 'https://localhost:2583', 'https://[::1]']) {
      const { adapter, http } = adapterWith(
        answer(200, { ...DID_DOC, service: [{ ...DID_DOC.service[0], serviceEndpoint: endpoint }] }),
      );
      await expect(
        adapter.authorizeUrl({
          state: 'st_4',
          codeChallenge: 'c'.repeat(43),
          callbackUrl: client.redirectUri,
          app: APP,
          attemptSecret: 'secret-4',
          loginHint: DID,
        }),
      ).rejects.toMatchObject({ kind: 'permanent' });
      expect(http.requests).toHaveLength(1);
    }
  });

  it('refuses a login hint that is neither a handle nor a DID, before any call', async () => {
    const { adapter, http } = adapterWith();
    await expect(
      adapter.authorizeUrl({
        state: 'st_3',
        codeChallenge: 'c'.repeat(43),
        callbackUrl: client.redirectUri,
        app: APP,
        attemptSecret: 'secret-3',
        loginHint: 'not a handle',
      }),
    ).rejects.toMatchObject({ kind: 'permanent' });
    expect(http.requests).toEqual([]);
  });

  it("redeems the code, checks the account's PDS names this server, and keeps the binding with the tokens", async () => {
    const { adapter, http } = adapterWith(
      answer(200, SERVER),
      answer(200, TOKENS),
      answer(200, DID_DOC),
      answer(200, { authorization_servers: [ENTRYWAY] }),
    );
    const grant = await adapter.exchangeCode(exchange);
    expect(grant).toMatchObject({
      accessToken: 'at-1',
      refreshToken: 'rt-1',
      userId: DID,
      scopes: ['atproto', 'transition:generic'],
    });
    expect(readBinding(grant.tokenBinding)).toEqual({ key: dpopKeyFromSecret('secret-1'), issuer: ENTRYWAY, pds: PDS });
    expect(http.requests[1]!.form).toMatchObject({
      grant_type: 'authorization_code',
      code: 'cod-1',
      code_verifier: 'v'.repeat(43),
    });
    expect(http.requests[2]!.url).toBe(`${PLC}/${DID}`);
    expect(http.requests[3]!.url).toBe(`${PDS}/.well-known/oauth-protected-resource`);
  });

  it('refuses an answer from another issuer, a Bearer token, and an account another server speaks for', async () => {
    const refused = (promise: Promise<unknown>) => expect(promise).rejects.toBeInstanceOf(NetworkError);
    await refused(adapterWith(answer(200, SERVER)).adapter.exchangeCode({ ...exchange, callbackParams: { iss: PDS } }));
    await refused(adapterWith(answer(200, SERVER)).adapter.exchangeCode({ ...exchange, callbackParams: {} }));
    await refused(
      adapterWith(answer(200, SERVER), answer(200, { ...TOKENS, token_type: 'Bearer' })).adapter.exchangeCode(exchange),
    );
    await refused(
      adapterWith(
        answer(200, SERVER),
        answer(200, TOKENS),
        answer(200, DID_DOC),
        answer(200, { authorization_servers: ['https://elsewhere.example.com'] }),
      ).adapter.exchangeCode(exchange),
    );
  });

  const bound = {
    accessToken: 'at-1',
    refreshToken: 'rt-1',
    tokenBinding: JSON.stringify({ v: 1, key: dpopKeyFromSecret('secret-1'), issuer: ENTRYWAY, pds: PDS }),
  };

  it('refreshes at the issuer with the bound key (the refresh token rotates), keeping the binding', async () => {
    const { adapter, http } = adapterWith(
      answer(200, SERVER),
      answer(200, { ...TOKENS, access_token: 'at-2', refresh_token: 'rt-2' }),
    );
    const renewed = await adapter.refresh(bound, APP);
    expect(renewed).toMatchObject({ accessToken: 'at-2', refreshToken: 'rt-2', tokenBinding: bound.tokenBinding });
    expect(http.requests[1]!.form).toMatchObject({ grant_type: 'refresh_token', refresh_token: 'rt-1' });
    expect(headerOf(http.requests[1]!.headers!.DPoP!).jwk.x).toBe(dpopKeyFromSecret('secret-1').x);
  });

  it('a refused refresh is an expired login', async () => {
    const { adapter } = adapterWith(
      answer(200, SERVER),
      answer(400, { error: 'invalid_grant', error_description: 'Refresh token replayed' }),
    );
    await expect(adapter.refresh(bound, APP)).rejects.toMatchObject({ kind: 'auth_expired' });
  });

  it('calls the PDS of the binding as DPoP, with the nonce the PDS asks for', async () => {
    const { adapter, http } = adapterWith(
      answer(
        401,
        { error: 'use_dpop_nonce' },
        { 'www-authenticate': 'DPoP error="use_dpop_nonce"', 'dpop-nonce': 'p-1' },
      ),
      answer(200, { did: DID, handle: 'ada.test' }),
      answer(200, { did: DID, handle: 'ada.test', displayName: 'Ada' }),
    );
    const [account] = await adapter.listSelectable({ ...bound, scopes: ['atproto'], userId: DID }, APP);
    expect(account!.tokens.tokenBinding).toBe(bound.tokenBinding);
    const [first, second] = http.requests;
    expect(second!.url).toBe(`${PDS}/xrpc/com.atproto.server.getSession`);
    expect(second!.headers!.Authorization).toBe('DPoP at-1');
    expect(claimsOf(first!.headers!.DPoP!).nonce).toBeUndefined();
    expect(claimsOf(second!.headers!.DPoP!)).toMatchObject({ htm: 'GET', nonce: 'p-1' });
    // The nonce is kept for the next call of the same adapter call.
    expect(claimsOf(http.requests[2]!.headers!.DPoP!).nonce).toBe('p-1');
  });

  it('starts the next call with the nonce the PDS gave the last, not with a refused proof', async () => {
    const nonceRefused = (nonce: string) =>
      answer(
        401,
        { error: 'use_dpop_nonce' },
        { 'www-authenticate': 'DPoP error="use_dpop_nonce"', 'dpop-nonce': nonce },
      );
    const profile = answer(200, { did: DID, handle: 'ada.test', followersCount: 3, followsCount: 1, postsCount: 2 });
    const { adapter, http } = adapterWith(nonceRefused('p-1'), profile, profile, nonceRefused('p-2'), profile);
    const call = { app: APP, tokens: bound, networkAccountId: DID };
    for (let i = 0; i < 3; i++) expect(await adapter.accountMetrics(call)).toMatchObject({ followers: { value: 3 } });
    const nonces = http.requests.map((request) => claimsOf(request.headers!.DPoP!).nonce as string | undefined);
    // The first call learns p-1; the second sends it at once; the PDS rotates it during the third.
    expect(nonces).toEqual([undefined, 'p-1', 'p-1', 'p-1', 'p-2']);
  });

  it('revokes the refresh token, then the access token, at the issuer', async () => {
    const { adapter, http } = adapterWith(answer(200, SERVER), answer(200, {}), answer(200, {}));
    await adapter.revoke(bound, APP);
    expect(http.requests.slice(1).map((request) => [request.url, request.form!.token])).toEqual([
      [`${ENTRYWAY}/oauth/revoke`, 'rt-1'],
      [`${ENTRYWAY}/oauth/revoke`, 'at-1'],
    ]);
  });
});
