'use strict';
// An example webhook receiver: verify, refuse stale or forged deliveries, de-duplicate, answer fast.
//   WEBHOOK_SECRET=whsec_… [WEBHOOK_PREVIOUS_SECRET=…] [PORT=8080] node server.js
// One JSON line per request on stdout ({ outcome, eventId?, reason? }); secrets are never printed.
const http = require('node:http');
const { verifyDelivery, DEFAULT_TOLERANCE_SECONDS } = require('./verify');

const MAX_BODY_BYTES = 1024 * 1024;
/** Ids remembered in memory; use your database in production, so a restart forgets nothing. */
const MAX_REMEMBERED_IDS = 10000;

function createReceiver({
  secrets,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
  onEvent = () => undefined,
  log = () => undefined,
}) {
  const seen = new Set();
  const remember = (id) => {
    seen.add(id);
    // A Set iterates in insertion order: the first is the oldest.
    if (seen.size > MAX_REMEMBERED_IDS) seen.delete(seen.values().next().value);
  };

  return http.createServer((req, res) => {
    if (req.method !== 'POST') return res.writeHead(405).end();
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      const raw = Buffer.concat(chunks); // the exact bytes that were signed
      const verdict = verifyDelivery({ raw, headers: req.headers, secrets, toleranceSeconds });
      if (!verdict.ok) {
        log({ outcome: 'refused', reason: verdict.reason });
        return res.writeHead(401).end();
      }
      if (seen.has(verdict.eventId)) {
        // Already handled: a retry after a lost answer, or a replay. 2xx so that retries stop.
        log({ outcome: 'duplicate', eventId: verdict.eventId });
        return res.writeHead(204).end();
      }
      remember(verdict.eventId);
      // Answer first, then handle: the service waits at most 10 s for the answer.
      res.writeHead(204).end();
      log({ outcome: 'accepted', eventId: verdict.eventId });
      setImmediate(() => onEvent(JSON.parse(raw.toString('utf8'))));
    });
  });
}

module.exports = { createReceiver };

if (require.main === module) {
  const secrets = [process.env.WEBHOOK_SECRET, process.env.WEBHOOK_PREVIOUS_SECRET].filter(Boolean);
  if (!secrets.length) {
    console.error('Set WEBHOOK_SECRET');
    process.exit(1);
  }
  const print = (line) => process.stdout.write(`${JSON.stringify(line)}\n`);
  const server = createReceiver({
    secrets,
    toleranceSeconds: Number(process.env.TOLERANCE_SECONDS ?? DEFAULT_TOLERANCE_SECONDS),
    log: print,
    onEvent: (event) => print({ outcome: 'handled', eventId: event.id, event: event.event }),
  });
  server.listen(Number(process.env.PORT ?? 8080), process.env.HOST ?? '127.0.0.1', () =>
    print({ listening: server.address().port }),
  );
}
