import { collectingDelays, delayCall } from './deferred-delay';

describe('deferred delays', () => {
  it("within a test world's request, owes the delay instead of sleeping it", async () => {
    const started = Date.now();
    const { result, delayMs } = await collectingDelays(async () => {
      await delayCall(400);
      await delayCall(300);
      return 'done';
    });
    expect({ result, delayMs }).toEqual({ result: 'done', delayMs: 700 });
    expect(Date.now() - started).toBeLessThan(600);
  });

  it('elsewhere (the in-memory default world), sleeps it', async () => {
    const started = Date.now();
    await delayCall(120);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
  });
});
