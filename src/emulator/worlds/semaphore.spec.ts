import { Semaphore } from './semaphore';

describe('Semaphore', () => {
  it('holds at most its size, hands slots on in arrival order, and ignores a second release', async () => {
    const semaphore = new Semaphore(2);
    const first = await semaphore.acquire();
    const second = await semaphore.acquire();
    const order: string[] = [];
    const third = semaphore.acquire().then((release) => (order.push('third'), release));
    const fourth = semaphore.acquire().then((release) => (order.push('fourth'), release));
    await Promise.resolve();
    expect(semaphore.usage).toEqual({ held: 2, waiting: 2 });
    first();
    first();
    const releaseThird = await third;
    expect(order).toEqual(['third']);
    expect(semaphore.usage).toEqual({ held: 2, waiting: 1 });
    second();
    (await fourth)();
    releaseThird();
    expect(semaphore.usage).toEqual({ held: 0, waiting: 0 });
  });

  it('refuses a size below 1', () => {
    expect(() => new Semaphore(0)).toThrow(/at least 1/);
  });
});
