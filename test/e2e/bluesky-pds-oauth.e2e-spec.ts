import { createHash, randomBytes } from 'node:crypto';
import { HttpService } from '@nestjs/axios';
import axios from 'axios';
import { NetworkHttpClient } from '../../src/networks/http/network-http.client';
import type { AccountTokens } from '../../src/networks/network-adapter';
import { BlueskyLoopbackClient } from '../../src/networks/bluesky/bluesky-oauth-client';
import { readBinding } from '../../src/networks/bluesky/bluesky-token-binding';
import { BlueskyAdapter } from '../../src/networks/bluesky/bluesky.adapter';
import { BlueskySettings } from '../../src/networks/bluesky/bluesky.settings';
import { consentOnPds } from '../support/bluesky-pds-consent';
import { HARNESS_INSTALL_MS, installPdsHarness, RunningPds, startPds, xrpc } from '../support/bluesky-pds';

/**
 * Our atproto OAuth against a real PDS (@atproto/pds 0.5.35, the harness of bluesky-pds.e2e-spec.ts):
 * the adapter's pushed request, the PDS's own authorize page (driven without a browser), the code
 * redeemed with PKCE and DPoP, publishing and deleting with the DPoP-bound token (the PDS's nonces
 * answered), a refresh and the revocation. The client is atproto's loopback development client: a
 * PDS cannot fetch a confidential client's metadata document from a test's http address, so the
 * `private_key_jwt` part is tested against the emulator only (bluesky-oauth.e2e-spec.ts).
 */
const APP = { clientId: 'unused', clientSecret: 'unused' };
const REDIRECT = 'http://127.0.0.1:9/oauth/bluesky/callback';
const PASSWORD = 'account-password';
let pds: RunningPds;
let adapter: BlueskyAdapter;

beforeAll(async () => {
  installPdsHarness();
  pds = await startPds();
  const http = new NetworkHttpClient(new HttpService(axios.create()));
  const settings = new BlueskySettings(
    pds.pdsUrl,
    `${pds.pdsUrl}/video`,
    undefined,
    false,
    undefined,
    undefined,
    pds.plcUrl,
    new BlueskyLoopbackClient(REDIRECT),
    true, // the local PDS and PLC are http on localhost
  );
  adapter = new BlueskyAdapter(settings, http);
  const account = await xrpc(pds.pdsUrl, 'com.atproto.server.createAccount', {
    body: { handle: 'olive.test', email: 'olive@example.com', password: PASSWORD },
  });
  expect(account.status).toBe(200);
}, HARNESS_INSTALL_MS);

afterAll(async () => {
  await pds?.stop();
});

describe('Bluesky atproto OAuth against a real PDS', () => {
  let tokens: AccountTokens;
  let did: string;

  it('connects: PAR, consent on the PDS, the code redeemed with PKCE and DPoP', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const attempt = {
      state: `st_${randomBytes(8).toString('hex')}`,
      callbackUrl: REDIRECT,
      app: APP,
      attemptSecret: randomBytes(32).toString('base64url'),
    };
    // The handle given: the adapter resolves it to the account's PDS and its authorization server.
    const { url: authUrl, keep } = await adapter.authorizeUrl({
      ...attempt,
      codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
      loginHint: 'olive.test',
    });
    expect(new URL(authUrl).searchParams.get('request_uri')).toMatch(/^urn:ietf:params:oauth:request_uri:/);
    const redirect = await consentOnPds(authUrl, 'olive.test', PASSWORD, 'atproto transition:generic');
    expect(redirect.searchParams.get('state')).toBe(attempt.state);
    const grant = await adapter.exchangeCode({
      code: redirect.searchParams.get('code')!,
      codeVerifier: verifier,
      callbackUrl: REDIRECT,
      app: APP,
      attemptSecret: attempt.attemptSecret,
      callbackParams: { iss: redirect.searchParams.get('iss')! },
      adapterState: keep,
    });
    expect(grant.scopes).toEqual(expect.arrayContaining(['atproto', 'transition:generic']));
    expect(readBinding(grant.tokenBinding)!.pds).toBe(pds.pdsUrl);
    const [account] = await adapter.listSelectable(grant, APP);
    expect(account).toMatchObject({ username: 'olive.test', id: expect.stringMatching(/^did:plc:/) });
    did = account!.id;
    tokens = account!.tokens;
  });

  it('publishes and deletes with the DPoP-bound token', async () => {
    const outcome = await adapter.publish({
      networkAccountId: did,
      username: 'olive.test',
      tokens,
      app: APP,
      parts: [{ text: 'posted through atproto OAuth', media: [] }],
      progress: {},
      resuming: false,
      checkpoint: async () => undefined,
    });
    expect(outcome.kind).toBe('published');
    if (outcome.kind !== 'published') return;
    const [, , repo, collection, rkey] = outcome.platformPostId.split('/');
    const read = await xrpc(pds.pdsUrl, 'com.atproto.repo.getRecord', {
      query: { repo: repo!, collection: collection!, rkey: rkey! },
    });
    expect(read.body.value).toMatchObject({ text: 'posted through atproto OAuth' });
    await adapter.unpublish({
      networkAccountId: did,
      tokens,
      app: APP,
      platformPostId: outcome.platformPostId,
      progress: outcome.progress!,
    });
  });

  it('refreshes (the refresh token rotates, the binding stays) and revokes: the session then refuses to refresh', async () => {
    const fresh = await adapter.refresh(tokens, APP);
    expect(fresh!.refreshToken).not.toBe(tokens.refreshToken);
    expect(fresh!.tokenBinding).toBe(tokens.tokenBinding);
    // The refreshed session still reaches the PDS with its proof.
    const [account] = await adapter.listSelectable({ ...fresh!, scopes: [] }, APP);
    expect(account!.id).toBe(did);
    await adapter.revoke(fresh!, APP);
    await expect(adapter.refresh(fresh!, APP)).rejects.toMatchObject({ kind: 'auth_expired' });
  });
});
