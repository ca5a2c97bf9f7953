import { createHash } from 'node:crypto';

/** The multicodecs a CID names (https://github.com/multiformats/multicodec/blob/master/table.csv). */
export const CODECS = { raw: 0x55, dagCbor: 0x71 } as const;
const SHA2_256 = 0x12;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/**
 * A CIDv1 in its string form (multibase `b`, base32 lower), of a SHA-256 of `bytes`
 * (https://github.com/multiformats/cid): what atproto names blobs (raw) and records (dag-cbor) by.
 * Both codecs are below 0x80, so each varint is one byte.
 */
export function cidOf(bytes: Uint8Array, codec: number): string {
  const digest = createHash('sha256').update(bytes).digest();
  return `b${base32(Uint8Array.from([0x01, codec, SHA2_256, digest.length, ...digest]))}`;
}

/**
 * A record's CID. A PDS hashes the record's DAG-CBOR encoding; the emulator hashes its JSON, so the
 * value differs from a PDS's but has the same form, and changes when the record does.
 */
export function recordCid(record: unknown): string {
  return cidOf(Buffer.from(JSON.stringify(record)), CODECS.dagCbor);
}
