import { StreamChunker } from './stream-chunker';

/** A stream of `total` numbered bytes in pieces of `pieceBytes`, counting what has been read from it. */
function countedStream(
  total: number,
  pieceBytes: number,
): { stream: AsyncIterable<Buffer>; file: Buffer; read(): number } {
  const file = Buffer.from(Array.from({ length: total }, (_, index) => index % 251));
  let read = 0;
  async function* pieces(): AsyncGenerator<Buffer> {
    for (let at = 0; at < total; at += pieceBytes) {
      const piece = file.subarray(at, Math.min(at + pieceBytes, total));
      read += piece.length;
      yield Buffer.from(piece);
    }
  }
  return { stream: pieces(), file, read: () => read };
}

describe('StreamChunker', () => {
  it.each([
    ['pieces smaller than a chunk', 100, 7],
    ['pieces larger than a chunk', 100, 250],
    ['pieces the size of a chunk', 100, 100],
  ])(
    'cuts the chunks asked for, in order, never reading ahead more than one piece (%s)',
    async (_, chunkBytes, pieceBytes) => {
      const source = countedStream(1_000, pieceBytes);
      const chunker = new StreamChunker(source.stream);
      let mostHeld = 0;
      const chunks: Buffer[] = [];
      while (chunker.offset < source.file.length) {
        const chunk = await chunker.next(chunkBytes);
        chunks.push(chunk);
        // What was read from the stream and not handed out yet, beside the chunk just cut.
        mostHeld = Math.max(mostHeld, chunk.length + source.read() - chunker.offset);
      }
      expect(chunks.map((chunk) => chunk.length)).toEqual(Array<number>(10).fill(chunkBytes));
      expect(Buffer.concat(chunks).equals(source.file)).toBe(true);
      expect(mostHeld).toBeLessThan(chunkBytes + pieceBytes);
    },
  );

  it('follows the sizes asked for, chunk by chunk', async () => {
    const source = countedStream(1_000, 64);
    const chunker = new StreamChunker(source.stream);
    const first = await chunker.next(10);
    const second = await chunker.next(300);
    expect([
      first.equals(source.file.subarray(0, 10)),
      second.equals(source.file.subarray(10, 310)),
      chunker.offset,
    ]).toEqual([true, true, 310]);
    expect(source.read()).toBe(320);
  });

  it('answers fewer bytes where the stream ends first', async () => {
    const source = countedStream(150, 64);
    const chunker = new StreamChunker(source.stream);
    await chunker.next(100);
    expect((await chunker.next(100)).equals(source.file.subarray(100))).toBe(true);
    expect((await chunker.next(100)).length).toBe(0);
    expect(chunker.offset).toBe(150);
  });

  it('passes a failure of the stream on', async () => {
    async function* failing(): AsyncGenerator<Buffer> {
      yield Buffer.alloc(10);
      throw new Error('connection reset');
    }
    const chunker = new StreamChunker(failing());
    await expect(chunker.next(100)).rejects.toThrow('connection reset');
  });
});
