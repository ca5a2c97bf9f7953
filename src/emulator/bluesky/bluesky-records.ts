import { randomInt } from 'node:crypto';
import { EmulatorState } from '../state/emulator-state';
import { collectionKey } from '../state/object-collections';

/** A record in an account's repository. */
export interface StoredRecord {
  uri: string;
  cid: string;
  did: string;
  collection: string;
  rkey: string;
  value: Record<string, unknown>;
  /** When it was written (ms since epoch): listRecords answers newest first. */
  writtenAt: number;
}

/** An uploaded blob: what a record may reference. */
export interface StoredBlob {
  cid: string;
  did: string;
  mimeType: string;
  size: number;
}

/** `at://<did>/<collection>/<rkey>` → the record. */
export const BLUESKY_RECORDS = collectionKey<StoredRecord>('bluesky-records');
/** `<did> <cid>` → the blob. */
export const BLUESKY_BLOBS = collectionKey<StoredBlob>('bluesky-blobs');

export const atUri = (did: string, collection: string, rkey: string) => `at://${did}/${collection}/${rkey}`;
export const blobKey = (did: string, cid: string) => `${did} ${cid}`;

const SORTABLE_BASE32 = '234567abcdefghijklmnopqrstuvwxyz';
let lastMicros = 0;

/**
 * A TID (https://atproto.com/specs/tid): 13 characters of sortable base32 holding the microseconds
 * since the epoch and a clock id, so record keys sort by time.
 */
export function nextTid(now: number): string {
  lastMicros = Math.max(now * 1000, lastMicros + 1);
  let value = (BigInt(lastMicros) << 10n) | BigInt(randomInt(0, 1024));
  let out = '';
  for (let index = 0; index < 13; index += 1) {
    out = SORTABLE_BASE32[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return out;
}

export function findRecord(state: EmulatorState, uri: string): StoredRecord | undefined {
  return state.objects.of(BLUESKY_RECORDS).get(uri);
}

/** The blob references (`{$type:'blob', ref:{$link}}`) anywhere in a record. */
export function blobRefsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(blobRefsOf);
  if (typeof value !== 'object' || value === null) return [];
  const fields = value as Record<string, unknown>;
  const ref = fields.ref as { $link?: unknown } | undefined;
  if (fields.$type === 'blob' && typeof ref?.$link === 'string') return [ref.$link];
  return Object.values(fields).flatMap(blobRefsOf);
}
