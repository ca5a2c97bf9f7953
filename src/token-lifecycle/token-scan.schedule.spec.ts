import { AppConfig } from '../config/app-config';
import { TokenScan, TokenScanResult } from './token-scan';
import { TokenScanSchedule } from './token-scan.schedule';

describe('TokenScanSchedule', () => {
  const scheduleFor = (role: AppConfig['role'], scanOnce: () => Promise<TokenScanResult>) =>
    new TokenScanSchedule({ role } as AppConfig, { scanOnce } as unknown as TokenScan);

  it.each(['worker', 'all'] as const)('scans on a %s instance', async (role) => {
    const scanOnce = jest.fn(async (): Promise<TokenScanResult> => ({ ran: true, enqueued: [] }));
    await scheduleFor(role, scanOnce).run();
    expect(scanOnce).toHaveBeenCalledTimes(1);
  });

  it('leaves the scan to the workers on an API-only instance', async () => {
    const scanOnce = jest.fn(async (): Promise<TokenScanResult> => ({ ran: true, enqueued: [] }));
    await scheduleFor('api', scanOnce).run();
    expect(scanOnce).not.toHaveBeenCalled();
  });

  it('survives a failed scan (the database may be down); the next tick tries again', async () => {
    const scanOnce = jest.fn(async (): Promise<TokenScanResult> => {
      throw new Error('connection refused');
    });
    await expect(scheduleFor('all', scanOnce).run()).resolves.toBeUndefined();
  });
});
