import { ApiException } from '../common/errors/api-exception';
import { aliveUpload } from './upload-stream';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function* pieces(gapsMs: number[]): AsyncGenerator<Buffer> {
  for (const [index, gap] of gapsMs.entries()) {
    await sleep(gap);
    yield Buffer.from([index]);
  }
}

async function drain(body: AsyncIterable<Buffer | string>): Promise<number> {
  let count = 0;
  for await (const piece of body) count += piece.length;
  return count;
}

describe('aliveUpload', () => {
  it('passes every piece through, beating at most every beatEveryMs while they arrive', async () => {
    let beats = 0;
    const passed = await drain(
      aliveUpload(pieces([0, 30, 30, 30, 30, 30]), {
        idleMs: 1000,
        beatEveryMs: 50,
        beat: async () => void (beats += 1),
      }),
    );
    expect(passed).toBe(6);
    // About 150 ms of pieces, a beat every 50 ms at most: never one per piece.
    expect(beats).toBeGreaterThanOrEqual(1);
    expect(beats).toBeLessThanOrEqual(3);
  });

  it('keeps beating when the wall clock is set back: the beat interval is measured on the monotonic clock', async () => {
    // The wall clock jumps back an hour once the upload starts (an NTP correction): a beat timed by
    // it would wait that hour, and another PUT would take the live upload over after STALE_UPLOAD_MS.
    const started = Date.now();
    const wallClock = jest
      .spyOn(Date, 'now')
      .mockReturnValueOnce(started)
      .mockReturnValue(started - 3600_000);
    try {
      let beats = 0;
      await drain(
        aliveUpload(pieces([0, 20, 20, 20]), { idleMs: 1000, beatEveryMs: 10, beat: async () => void (beats += 1) }),
      );
      // Pieces at least 20 ms apart (a timer never fires early), a beat due every 10 ms: a beat before
      // each piece after the first, and before the first too if it came late on a busy machine; at
      // most one per piece. Timed by the wall clock set back, there would be none.
      expect(beats).toBeGreaterThanOrEqual(3);
      expect(beats).toBeLessThanOrEqual(4);
    } finally {
      wallClock.mockRestore();
    }
  });

  it('ends an upload whose bytes stop arriving with a 408 that says to PUT again, without waiting for the body', async () => {
    async function* stalls(): AsyncGenerator<Buffer> {
      yield Buffer.from('first');
      await sleep(1500);
      yield Buffer.from('late');
    }
    const started = Date.now();
    const failure = await drain(aliveUpload(stalls(), { idleMs: 100, beatEveryMs: 1000, beat: async () => {} })).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiException);
    expect(failure).toMatchObject({ code: 'request_timeout', status: 408 });
    expect((failure as ApiException).message).toMatch(/PUT the file again/);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
