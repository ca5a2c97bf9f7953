'use strict';
// Verifies a webhook of the Social Publishing API both ways it is signed. Node 20, node:crypto only.
const { createHmac, timingSafeEqual } = require('node:crypto');

/** Deliveries older (or newer) than this are refused: a captured request cannot be replayed later. */
const DEFAULT_TOLERANCE_SECONDS = 5 * 60;

const STANDARD_SECRET = /^whsec_((?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?)$/;

/** The Standard Webhooks key: the bytes after `whsec_` for a `whsec_<base64>` secret, else the secret's UTF-8 bytes. */
function standardKey(secret) {
  const standard = STANDARD_SECRET.exec(secret);
  return standard && standard[1] ? Buffer.from(standard[1], 'base64') : Buffer.from(secret, 'utf8');
}

/** Constant-time comparison; a different length is simply a different value. */
function same(given, expected) {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

function header(headers, name) {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Checks one delivery: `raw` is the exact body bytes (before any JSON parsing), `secrets` the
 * secrets you accept (the current one and, right after a rotation, the old one).
 * Answers { ok: true, eventId } or { ok: false, reason }.
 */
function verifyDelivery({
  raw,
  headers,
  secrets,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
}) {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  const hex = header(headers, 'x-service-signature');
  if (!id || !timestamp || !signatures || !hex) return { ok: false, reason: 'missing signature headers' };
  if (!/^\d+$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds)
    return { ok: false, reason: 'stale or bad timestamp' };

  // Standard Webhooks: v1,<base64 HMAC-SHA256 of "id.timestamp.body">; any one listed may match.
  const given = signatures
    .split(' ')
    .filter((entry) => entry.startsWith('v1,'))
    .map((entry) => entry.slice(3));
  const standardOk = secrets.some((secret) => {
    const expected = createHmac('sha256', standardKey(secret))
      .update(`${id}.${timestamp}.`)
      .update(raw)
      .digest('base64');
    return given.some((signature) => same(signature, expected));
  });
  if (!standardOk) return { ok: false, reason: 'webhook-signature does not match' };

  // X-Service-Signature: lowercase hex HMAC-SHA256 of the body, keyed with the secret itself.
  const hexOk = secrets.some((secret) => same(hex, createHmac('sha256', secret).update(raw).digest('hex')));
  if (!hexOk) return { ok: false, reason: 'X-Service-Signature does not match' };
  return { ok: true, eventId: id };
}

module.exports = { verifyDelivery, standardKey, DEFAULT_TOLERANCE_SECONDS };
