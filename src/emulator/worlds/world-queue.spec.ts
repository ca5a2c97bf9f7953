import { WorldQueue } from './world-queue';

describe('WorldQueue', () => {
  it('runs one request per world at a time, worlds apart', async () => {
    const queue = new WorldQueue(5);
    const a = await queue.enter('a', 'other')!;
    const b = await queue.enter('b', 'other')!;
    let second = false;
    const next = queue.enter('a', 'other')!.then((release) => ((second = true), release));
    await Promise.resolve();
    expect(second).toBe(false);
    a();
    (await next)();
    b();
    expect(second).toBe(true);
    expect(queue.size('a') + queue.size('b')).toBe(0);
  });

  it("refuses other callers past the line's bound, never the service's own calls, which go first", async () => {
    const queue = new WorldQueue(2);
    const running = await queue.enter('w', 'other')!;
    const order: string[] = [];
    const waiting = [queue.enter('w', 'other'), queue.enter('w', 'other')];
    expect(queue.enter('w', 'other')).toBeUndefined();
    const own = queue.enter('w', 'own');
    expect(own).toBeDefined();
    const all = [own!, ...waiting.map((turn) => turn!)].map((turn, index) =>
      turn.then((release) => {
        order.push(index === 0 ? 'own' : `other${index}`);
        release();
      }),
    );
    running();
    await Promise.all(all);
    expect(order).toEqual(['own', 'other1', 'other2']);
    expect(queue.size('w')).toBe(0);
  });
});
