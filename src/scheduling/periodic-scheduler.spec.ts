import { SchedulerRegistry } from '@nestjs/schedule';
import { AppConfig } from '../config/app-config';
import { JobQueue } from '../queue/job-queue';
import { TaskRegistry } from '../queue/task-registry';
import { PeriodicScheduler } from './periodic-scheduler';
import { PURGE_IDEMPOTENCY_KEYS, TOKEN_SCAN } from './periodic-tasks';
import { ScanRoundsStore } from './scan-rounds.store';

describe('PeriodicScheduler.tick', () => {
  function setUp(role: AppConfig['role'], claim: (name: string, spacingMs: number) => Promise<boolean>) {
    const claims = jest.fn(claim);
    const enqueue = jest.fn(async () => undefined);
    const scheduler = new PeriodicScheduler(
      { role } as AppConfig,
      { claim: claims } as unknown as ScanRoundsStore,
      { enqueueAlone: enqueue } as unknown as JobQueue,
      new TaskRegistry(),
      new SchedulerRegistry(),
    );
    const logger = { debug: jest.fn(), warn: jest.fn() };
    Object.assign(scheduler, { logger });
    return { claims, enqueue, logger, scheduler };
  }

  function scanning(
    role: AppConfig['role'],
    claim: (name: string, spacingMs: number) => Promise<boolean>,
    scanOnce: () => Promise<{ ran: boolean }>,
  ) {
    const set = setUp(role, claim);
    const scan = jest.fn(scanOnce);
    set.scheduler.handle(TOKEN_SCAN, scan);
    return { ...set, scan, tick: () => set.scheduler.tick(TOKEN_SCAN) };
  }

  it.each(['worker', 'all'] as const)('scans on a %s instance that claims the round', async (role) => {
    const { claims, scan, tick } = scanning(
      role,
      async () => true,
      async () => ({ ran: true }),
    );
    await tick();
    expect(scan).toHaveBeenCalledTimes(1);
    // A round lasts half the interval: two instances' ticks of one round are moments apart.
    expect(claims).toHaveBeenCalledWith('Token scan', 150_000);
  });

  it('skips a round another instance claimed', async () => {
    const { logger, scan, tick } = scanning(
      'all',
      async () => false,
      async () => ({ ran: true }),
    );
    await tick();
    expect(scan).not.toHaveBeenCalled();
    expect(logger.debug).toHaveBeenCalledWith('Token scan skipped: another instance took this round');
  });

  it('leaves periodic tasks to the workers on an API-only instance', async () => {
    const { claims, scan, tick } = scanning(
      'api',
      async () => true,
      async () => ({ ran: true }),
    );
    await tick();
    expect(claims).not.toHaveBeenCalled();
    expect(scan).not.toHaveBeenCalled();
  });

  it('says when the scan found its lock held', async () => {
    const { logger, tick } = scanning(
      'all',
      async () => true,
      async () => ({ ran: false }),
    );
    await tick();
    expect(logger.debug).toHaveBeenCalledWith('Token scan skipped: another instance is scanning');
  });

  it.each([
    ['the claim', async () => Promise.reject(new Error('connection refused')), async () => ({ ran: true })],
    ['the scan', async () => true, async () => Promise.reject(new Error('connection refused'))],
  ])('survives a failure of %s (the database may be down); the next tick tries again', async (_, claim, scanOnce) => {
    const { logger, tick } = scanning('all', claim, scanOnce);
    await expect(tick()).resolves.toBeUndefined();
    expect(logger.warn).toHaveBeenCalledWith({ msg: 'Token scan failed', err: 'connection refused' });
  });

  it("queues a purge's job in the round it claims, one waiting at most, and nothing in a round it did not", async () => {
    const won = setUp('worker', async () => true);
    await won.scheduler.tick(PURGE_IDEMPOTENCY_KEYS);
    expect(won.claims).toHaveBeenCalledWith('purge-idempotency-keys', 1_800_000);
    expect(won.enqueue).toHaveBeenCalledWith({
      task: 'purge-idempotency-keys',
      payload: {},
      jobKey: 'periodic:purge-idempotency-keys',
    });
    const lost = setUp('worker', async () => false);
    await lost.scheduler.tick(PURGE_IDEMPOTENCY_KEYS);
    expect(lost.enqueue).not.toHaveBeenCalled();
  });

  it('refuses to start with a periodic task that nothing runs', () => {
    const { scheduler } = setUp('all', async () => true);
    expect(() => scheduler.onApplicationBootstrap()).toThrow('The periodic task "Token scan" has nothing to run it');
  });
});
