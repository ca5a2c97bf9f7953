import { Logger } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { ScanRounds } from './scan-rounds';
import { PeriodicScan, ScheduledScans } from './scan-schedule';

describe('ScheduledScans', () => {
  const SCAN: PeriodicScan = { name: 'Token scan', everyMs: 300_000 };

  function setUp(role: AppConfig['role'], claim: (name: string, spacingMs: number) => Promise<boolean>) {
    const claims = jest.fn(claim);
    const logger = { debug: jest.fn(), warn: jest.fn() };
    const scans = new ScheduledScans({ role } as AppConfig, { claim: claims } as unknown as ScanRounds);
    return {
      claims,
      logger,
      tick: (scanOnce: () => Promise<{ ran: boolean }>) => scans.tick(SCAN, logger as unknown as Logger, scanOnce),
    };
  }

  it.each(['worker', 'all'] as const)('scans on a %s instance that claims the round', async (role) => {
    const { claims, tick } = setUp(role, async () => true);
    const scanOnce = jest.fn(async () => ({ ran: true }));
    await tick(scanOnce);
    expect(scanOnce).toHaveBeenCalledTimes(1);
    // A round lasts half the interval: two instances' ticks of one round are moments apart.
    expect(claims).toHaveBeenCalledWith('Token scan', 150_000);
  });

  it('skips a round another instance claimed', async () => {
    const { logger, tick } = setUp('all', async () => false);
    const scanOnce = jest.fn(async () => ({ ran: true }));
    await tick(scanOnce);
    expect(scanOnce).not.toHaveBeenCalled();
    expect(logger.debug).toHaveBeenCalledWith('Token scan skipped: another instance took this round');
  });

  it('leaves the scan to the workers on an API-only instance', async () => {
    const { claims, tick } = setUp('api', async () => true);
    const scanOnce = jest.fn(async () => ({ ran: true }));
    await tick(scanOnce);
    expect(claims).not.toHaveBeenCalled();
    expect(scanOnce).not.toHaveBeenCalled();
  });

  it('says when the scan found its lock held', async () => {
    const { logger, tick } = setUp('all', async () => true);
    await tick(async () => ({ ran: false }));
    expect(logger.debug).toHaveBeenCalledWith('Token scan skipped: another instance is scanning');
  });

  it.each([
    ['the claim', async () => Promise.reject(new Error('connection refused')), async () => ({ ran: true })],
    ['the scan', async () => true, async () => Promise.reject(new Error('connection refused'))],
  ])('survives a failure of %s (the database may be down); the next tick tries again', async (_, claim, scanOnce) => {
    const { logger, tick } = setUp('all', claim);
    await expect(tick(scanOnce)).resolves.toBeUndefined();
    expect(logger.warn).toHaveBeenCalledWith({ msg: 'Token scan failed', err: 'connection refused' });
  });
});
