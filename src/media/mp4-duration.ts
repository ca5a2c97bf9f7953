/**
 * Reads an MP4 or QuickTime file's duration from its movie header (`moov` → `mvhd`) while the file
 * streams past, holding only box headers and the header itself: never the media data, wherever
 * `moov` sits (before `mdat` in a "fast start" file, after it otherwise).
 *
 * Why not a library: the ISO media parsers on npm (mp4box.js) parse whole files for sample access
 * and are large; this needs one field of one box, and its format (ISO/IEC 14496-12 §4.2, §8.2.2)
 * is a size-prefixed box list that a few lines walk exactly.
 */
export class Mp4DurationReader {
  private pending: Buffer = Buffer.alloc(0);
  /** Bytes still to pass over: the rest of a box that is not looked into. */
  private skipping = 0;
  /** Where the `moov` box ends, once inside it. */
  private moovEnd: number | undefined;
  /** How many bytes of the file were consumed (skipped or parsed). */
  private position = 0;
  private finished = false;
  private duration: number | undefined;
  private movieHeaderSeen = false;

  /**
   * The duration in milliseconds, once the movie header went past; undefined before, without one,
   * or when the header does not know it (a fragmented MP4 says 0 there).
   */
  get durationMs(): number | undefined {
    return this.duration;
  }

  /** Whether the movie header went past, whatever it said of the duration. */
  get sawMovieHeader(): boolean {
    return this.movieHeaderSeen;
  }

  feed(chunk: Buffer): void {
    if (this.finished) return;
    let bytes = chunk;
    if (this.skipping > 0) {
      const skipped = Math.min(this.skipping, bytes.length);
      this.skipping -= skipped;
      this.position += skipped;
      bytes = bytes.subarray(skipped);
    }
    if (bytes.length === 0) return;
    this.pending = this.pending.length ? Buffer.concat([this.pending, bytes]) : bytes;
    this.walk();
  }

  private walk(): void {
    while (!this.finished && this.skipping === 0) {
      const header = readBoxHeader(this.pending);
      if (!header) return;
      const { type, headerSize, boxSize } = header;
      if (boxSize !== undefined && boxSize < headerSize) return this.stop();
      const start = this.position;
      if (this.moovEnd !== undefined && start >= this.moovEnd) return this.stop();
      if (this.moovEnd === undefined && type === 'moov') {
        this.moovEnd = boxSize === undefined ? Number.POSITIVE_INFINITY : start + boxSize;
        this.consume(headerSize);
        continue;
      }
      if (this.moovEnd !== undefined && type === 'mvhd') {
        if (boxSize === undefined) return this.stop();
        // Only the fields up to the duration are read, never the rest of a box however large it says it is.
        const needed = Math.min(boxSize, headerSize + MVHD_FIELDS_BYTES);
        if (this.pending.length < needed) return;
        this.movieHeaderSeen = true;
        this.duration = movieHeaderDurationMs(this.pending.subarray(headerSize, needed));
        return this.stop();
      }
      // A box running to the end of the file (size 0) ends the walk: nothing follows it.
      if (boxSize === undefined) return this.stop();
      this.consume(Math.min(boxSize, this.pending.length));
      this.skipping = boxSize - (this.position - start);
    }
  }

  private consume(count: number): void {
    this.pending = this.pending.subarray(count);
    this.position += count;
  }

  private stop(): void {
    this.finished = true;
    this.pending = Buffer.alloc(0);
  }
}

/** A box's type and sizes; `boxSize` undefined when the box runs to the end of the file. Undefined until enough bytes are there. */
function readBoxHeader(bytes: Buffer): { type: string; headerSize: number; boxSize: number | undefined } | undefined {
  if (bytes.length < 8) return undefined;
  const size = bytes.readUInt32BE(0);
  const type = bytes.toString('latin1', 4, 8);
  if (size === 0) return { type, headerSize: 8, boxSize: undefined };
  if (size !== 1) return { type, headerSize: 8, boxSize: size };
  if (bytes.length < 16) return undefined;
  return { type, headerSize: 16, boxSize: Number(bytes.readBigUInt64BE(8)) };
}

/** The `mvhd` payload up to the duration: version and flags (4), two dates (8 or 16), time scale (4), duration (4 or 8). */
const MVHD_FIELDS_BYTES = 32;

/** `mvhd`'s payload: version, flags, two dates, then the time scale and the duration in its units. */
function movieHeaderDurationMs(payload: Buffer): number | undefined {
  const version = payload[0];
  const [scaleAt, durationAt, durationBytes] = version === 1 ? [20, 24, 8] : [12, 16, 4];
  if (payload.length < durationAt + durationBytes) return undefined;
  const timescale = payload.readUInt32BE(scaleAt);
  const units = durationBytes === 8 ? Number(payload.readBigUInt64BE(durationAt)) : payload.readUInt32BE(durationAt);
  // All ones means "unknown"; a fragmented file says 0 and gives its fragments' durations elsewhere.
  const unknown = units === 0 || (durationBytes === 8 ? units >= Number.MAX_SAFE_INTEGER : units === 0xffffffff);
  if (timescale === 0 || unknown) return undefined;
  return Math.round((units / timescale) * 1000);
}
