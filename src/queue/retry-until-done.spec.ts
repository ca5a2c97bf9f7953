import { Logger } from '@nestjs/common';
import { retryUntilDone } from './retry-until-done';

const logger = new Logger('test');
beforeAll(() => Logger.overrideLogger(false));

describe('retryUntilDone', () => {
  it('retries a failing step until it succeeds', async () => {
    let calls = 0;
    const done = await retryUntilDone(logger, 'Letting go', async () => {
      calls += 1;
      if (calls < 3) throw new Error('database away');
    });
    expect(done).toBe(true);
    expect(calls).toBe(3);
  });

  it('stops retrying once the process shuts down, even in the middle of a wait', async () => {
    const stopping = new AbortController();
    let calls = 0;
    const result = retryUntilDone(
      logger,
      'Letting go',
      async () => {
        calls += 1;
        throw new Error('database away for good');
      },
      stopping.signal,
    );
    // Let it fail a few times (200 + 500 ms of waits), then shut down during the 1 s wait.
    await new Promise((resolve) => setTimeout(resolve, 800));
    const callsBefore = calls;
    stopping.abort();
    const startedAt = Date.now();
    await expect(result).resolves.toBe(false);
    expect(Date.now() - startedAt).toBeLessThan(900);
    // One last try when the wait is cut short, and none after.
    expect(calls).toBe(callsBefore + 1);
  });
});
