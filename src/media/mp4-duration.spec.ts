import { mp4 } from './mp4.testing';
import { Mp4DurationReader } from './mp4-duration';

/** Feeds `file` in pieces of `pieceSize` bytes, as an upload arrives. */
function durationOf(file: Buffer, pieceSize = file.length): number | undefined {
  const reader = new Mp4DurationReader();
  for (let at = 0; at < file.length; at += pieceSize) reader.feed(file.subarray(at, at + pieceSize));
  return reader.durationMs;
}

describe('Mp4DurationReader', () => {
  it.each([
    ['the movie header before the media data', mp4(12.5)],
    ['the movie header after the media data', mp4(12.5, { moovLast: true, mdatBytes: 100_000 })],
    ['a version 1 (64-bit) movie header', mp4(12.5, { mvhdVersion: 1 })],
    ['a 90 kHz time scale', mp4(12.5, { timescale: 90_000 })],
  ])('reads the duration with %s, whatever the pieces the bytes arrive in', (_, file) => {
    for (const pieceSize of [1, 7, 8, 13, 4096, file.length]) expect(durationOf(file, pieceSize)).toBe(12_500);
  });

  it('passes over a media data box with a 64-bit size', () => {
    const plain = mp4(3, { moovLast: true, mdatBytes: 32 });
    // ftyp (28 bytes) is followed by mdat (8 + 32): rewrite its header as size 1 + a 64-bit size.
    const ftyp = plain.subarray(0, 28);
    const mdatPayload = plain.subarray(36, 68);
    const large = Buffer.alloc(16);
    large.writeUInt32BE(1, 0);
    large.write('mdat', 4, 'latin1');
    large.writeBigUInt64BE(BigInt(16 + mdatPayload.length), 8);
    const file = Buffer.concat([ftyp, large, mdatPayload, plain.subarray(68)]);
    expect(durationOf(file, 5)).toBe(3000);
  });

  it('has no duration for a file without a movie header, or one cut short', () => {
    const noMoov = mp4(5).subarray(0, 28);
    expect(durationOf(noMoov)).toBeUndefined();
    // Without the last 126 bytes: the track box (48) and all but the first 30 bytes of the movie
    // header (108), which end before its duration field.
    const cut = mp4(5, { moovLast: true });
    expect(durationOf(cut.subarray(0, cut.length - 126), 3)).toBeUndefined();
    expect(durationOf(Buffer.from('not a video at all'))).toBeUndefined();
  });

  it('has no duration when the header says the time scale is 0, or a duration of 0 (a fragmented MP4)', () => {
    for (const file of [mp4(5, { timescale: 0 }), mp4(0)]) {
      const reader = new Mp4DurationReader();
      reader.feed(file);
      expect(reader.durationMs).toBeUndefined();
      expect(reader.sawMovieHeader).toBe(true);
    }
  });

  it('reads only the start of a movie header that claims to be huge, and holds nothing more', () => {
    const file = mp4(7, { moovLast: true });
    // The movie header's size field (after ftyp 28, mdat 72, moov 8, free 20) says 1 GB.
    const mvhdAt = 28 + 72 + 8 + 20;
    expect(file.toString('latin1', mvhdAt + 4, mvhdAt + 8)).toBe('mvhd');
    file.writeUInt32BE(1024 * 1024 * 1024, mvhdAt);
    const reader = new Mp4DurationReader();
    reader.feed(file.subarray(0, mvhdAt + 8 + 32));
    expect(reader.durationMs).toBe(7000);
    // Done: what follows is not kept.
    reader.feed(Buffer.alloc(1024 * 1024));
    expect(reader.durationMs).toBe(7000);
  });
});
