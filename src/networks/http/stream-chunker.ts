/**
 * Cuts a stream of bytes, arriving in pieces of any size, into the consecutive chunks an upload
 * asks for, reading from the stream only as far as the chunk being cut. What it holds at any time
 * is that chunk and what is left of the last piece read past its end (a socket read: kilobytes),
 * never the file. The stream is read once, forward: a chunk can only start where the last ended.
 */
export class StreamChunker {
  private readonly pieces: AsyncIterator<Buffer>;
  /** Read from the stream but not yet handed out: the tail of one piece. */
  private pending: Buffer = Buffer.alloc(0);
  private handedOut = 0;

  constructor(stream: AsyncIterable<Buffer>) {
    this.pieces = stream[Symbol.asyncIterator]();
  }

  /** Where the next chunk starts: the bytes handed out so far. */
  get offset(): number {
    return this.handedOut;
  }

  /** The next `length` bytes, or fewer where the stream ends first. */
  async next(length: number): Promise<Buffer> {
    const chunk = Buffer.allocUnsafe(length);
    let filled = 0;
    while (filled < length) {
      if (this.pending.length === 0) {
        const read = await this.pieces.next();
        if (read.done) break;
        this.pending = read.value;
        continue;
      }
      const copied = this.pending.copy(chunk, filled, 0, Math.min(this.pending.length, length - filled));
      this.pending = this.pending.subarray(copied);
      filled += copied;
    }
    this.handedOut += filled;
    return filled === length ? chunk : chunk.subarray(0, filled);
  }
}
