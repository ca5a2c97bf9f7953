// A real Bluesky appview (@atproto/bsky) beside the harness's PDS, started by pds-server.mjs when
// APPVIEW_DB_URL names an empty Postgres database: the dataplane (Postgres), the appview's XRPC server
// and the indexer that follows the PDS's firehose, wired as @atproto/dev-env's TestBsky wires them.
// No Redis (the appview server never opens one), no bsync (mutes, bookmarks: not read by the tests).
/* global URL, process */
import { request as httpRequest } from 'node:http';
import { Client as PlcClient } from '@did-plc/lib';
import { Secp256k1Keypair } from '@atproto/crypto';
import * as bsky from '@atproto/bsky';

// The dataplane's pool sends two SET queries at once on each new connection, which pg 8 reports as
// deprecated on every test run: not the tests' concern, so this process prints no deprecations.
process.noDeprecation = true;

/**
 * Registers the appview's DID on the PLC, migrates its database and starts its dataplane and server
 * on `port`. The indexer is started by `follow`, once the PDS listens.
 */
export async function startAppview({ dbUrl, plcUrl, port, freePort }) {
  const key = await Secp256k1Keypair.create();
  const plc = new PlcClient(plcUrl);
  const url = `http://localhost:${port}`;
  const did = await plc.createDid({
    signingKey: key.did(),
    rotationKeys: [key.did()],
    handle: 'appview.test',
    pds: url,
    signer: key,
  });
  await plc.updateData(did, key, (doc) => {
    doc.services['bsky_appview'] = { type: 'BskyAppView', endpoint: url };
    return doc;
  });

  const migration = new bsky.Database({ url: dbUrl, schema: 'appview' });
  await migration.migrateToLatestOrThrow();
  await migration.close();
  const db = new bsky.Database({ url: dbUrl, schema: 'appview', poolSize: 5 });
  const dataplanePort = await freePort();
  const dataplane = await bsky.DataPlaneServer.create(db, dataplanePort, plcUrl, globalThis.fetch);
  const config = new bsky.ServerConfig({
    version: 'harness',
    port,
    didPlcUrl: plcUrl,
    publicUrl: url,
    serverDid: did,
    alternateAudienceDids: [],
    dataplaneUrls: [`http://localhost:${dataplanePort}`],
    dataplaneHttpVersion: '1.1',
    bsyncHttpVersion: '1.1',
    modServiceDid: 'did:example:invalidMod',
    labelsFromIssuerDids: [],
    bigThreadUris: new Set(),
    maxThreadParents: 50,
    disableSsrfProtection: true,
    searchTagsHide: new Set(),
    searchTagsHideAll: new Set(),
    threadTagsBumpDown: new Set(),
    threadTagsHide: new Set(),
    visibilityTagHide: '',
    visibilityTagRankPrefix: '',
    debugFieldAllowedDids: new Set(),
    draftsLimit: 500,
    feedGenSkeletonTimeout: 5000,
    adminPasswords: ['admin-pass'],
    etcdHosts: [],
  });
  const server = bsky.BskyAppView.create({ config, signingKey: key });
  await server.start();
  let sub;
  return {
    url,
    did,
    /** Indexes the PDS's firehose; `.test` handles resolve on the PDS itself (there is no DNS for them). */
    follow(pdsUrl) {
      for (const resolver of [server.ctx.idResolver, dataplane.idResolver]) resolveHandlesOn(resolver, pdsUrl);
      const { port: pdsPort } = new URL(pdsUrl);
      sub = new bsky.RepoSubscription({
        service: `ws://localhost:${pdsPort}`,
        db,
        idResolver: dataplane.idResolver,
      });
      void sub.start();
    },
    async destroy() {
      try {
        await server.destroy();
        await sub?.destroy();
        await dataplane.destroy();
      } finally {
        await db.close();
      }
    },
  };
}

/** Handles under `.test` are verified at the PDS's /.well-known/atproto-did, asked with the handle as Host. */
function resolveHandlesOn(idResolver, pdsUrl) {
  const dns = idResolver.handle.resolve.bind(idResolver.handle);
  idResolver.handle.resolve = (handle) =>
    handle.endsWith('.test')
      ? new Promise((resolve) => {
          const call = httpRequest(
            new URL('/.well-known/atproto-did', pdsUrl),
            { headers: { host: handle } },
            (res) => {
              let text = '';
              res.setEncoding('utf8');
              res.on('data', (chunk) => (text += chunk));
              res.on('end', () => resolve(res.statusCode === 200 ? text.trim() : undefined));
            },
          );
          call.on('error', () => resolve(undefined));
          call.end();
        })
      : dns(handle);
}
