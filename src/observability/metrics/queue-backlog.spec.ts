import { Registry } from 'prom-client';
import { QueueBacklog } from './queue-backlog';

describe('QueueBacklog', () => {
  it('reads the lanes at most once per sampling period, however often it is scraped', async () => {
    const registry = new Registry();
    let clock = 1_000_000;
    const backlog = new QueueBacklog(registry, 10_000, () => clock);
    let reads = 0;
    backlog.lane('publish', async () => {
      reads += 1;
      return { due: 3, oldestDueAt: new Date(clock - 90_000) };
    });
    backlog.heartbeats(async () => ({ workers: 2, oldestSeconds: 4 }));
    await Promise.all([registry.metrics(), registry.metrics(), registry.metrics()]);
    expect(reads).toBe(1);
    const text = await registry.metrics();
    expect(reads).toBe(1);
    expect(text).toContain('sps_queue_due{lane="publish"} 3');
    expect(text).toContain('sps_queue_oldest_due_seconds{lane="publish"} 90');
    expect(text).toContain('sps_workers 2');
    expect(text).toContain('sps_db_up 1');
    clock += 10_000;
    await registry.metrics();
    expect(reads).toBe(2);
  });

  it('says the database is down when a reading fails, keeping the last figures', async () => {
    const registry = new Registry();
    let clock = 0;
    const backlog = new QueueBacklog(registry, 10_000, () => clock);
    let fail = false;
    backlog.lane('webhook', async () => {
      if (fail) throw new Error('connection refused');
      return { due: 1, oldestDueAt: null };
    });
    expect(await registry.metrics()).toContain('sps_db_up 1');
    fail = true;
    clock += 10_000;
    const text = await registry.metrics();
    expect(text).toContain('sps_db_up 0');
    expect(text).toContain('sps_queue_due{lane="webhook"} 1');
  });
});
