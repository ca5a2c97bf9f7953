/**
 * Builds the smallest MP4 the service takes as a video: `ftyp`, a movie header (`moov` → `mvhd`)
 * saying how long it lasts, and `mdatBytes` of media data, with `moov` before the data ("fast
 * start") or after it, as most encoders write it.
 */
export function mp4(
  seconds: number,
  options: { mdatBytes?: number; moovLast?: boolean; mvhdVersion?: 0 | 1; timescale?: number } = {},
): Buffer {
  const { mdatBytes = 64, moovLast = false, mvhdVersion = 0, timescale = 1000 } = options;
  const units = Math.round(seconds * timescale);
  const ftyp = box(
    'ftyp',
    Buffer.concat([Buffer.from('isom', 'latin1'), uint32(512), Buffer.from('isomiso2mp41', 'latin1')]),
  );
  const dates = mvhdVersion === 1 ? Buffer.alloc(16) : Buffer.alloc(8);
  const duration = mvhdVersion === 1 ? uint64(units) : uint32(units);
  // version and flags, two dates, time scale, duration, then rate, volume, matrix and the rest (zeros do).
  const mvhd = box(
    'mvhd',
    Buffer.concat([Buffer.from([mvhdVersion, 0, 0, 0]), dates, uint32(timescale), duration, Buffer.alloc(80)]),
  );
  const moov = box('moov', Buffer.concat([box('free', Buffer.alloc(12)), mvhd, box('trak', Buffer.alloc(40))]));
  const mdat = box('mdat', Buffer.from(Uint8Array.from({ length: mdatBytes }, (_, index) => index % 251)));
  return Buffer.concat(moovLast ? [ftyp, mdat, moov] : [ftyp, moov, mdat]);
}

function box(type: string, payload: Buffer): Buffer {
  return Buffer.concat([uint32(8 + payload.length), Buffer.from(type, 'latin1'), payload]);
}

function uint32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
}

function uint64(value: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(value));
  return bytes;
}
