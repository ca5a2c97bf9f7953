import { randomBytes } from 'node:crypto';
import type { AccountsService } from '../accounts';
import { TestClock } from '../common/clock/test-clock';
import { KeyRing } from '../common/crypto/key-ring';
import { SecretBox } from '../common/crypto/secret-box';
import { ApiException } from '../common/errors/api-exception';
import type { Database } from '../database';
import type { EventOutbox } from '../webhooks';
import { ConnectAttempt } from './connect-attempt.entity';
import type { ConnectStore, NewPendingSessionRow } from './connect.store';
import { PendingSession } from './pending-session.entity';
import { PendingSessionsService } from './pending-sessions.service';

/**
 * A pending session's lifetime, with the time set by a TestClock: it is made to last 30 minutes
 * from the clock's time, and refused from its expiresAt on. The pending_sessions table is a
 * stand-in that keeps what was inserted; the account connection behind finalize is never reached
 * here (an expired session is refused before it).
 */

const MINUTE = 60_000;

function world() {
  const clock = new TestClock('2026-11-21T12:00:00Z');
  const rows: NewPendingSessionRow[] = [];
  const load = (tokenHash: string, customerId: string): Promise<PendingSession | null> => {
    const row = rows.find((candidate) => candidate.tokenHash === tokenHash && candidate.customerId === customerId);
    if (!row) return Promise.resolve(null);
    const { expiresAt, ...kept } = row;
    return Promise.resolve(
      Object.assign(new PendingSession(), kept, {
        expiresAt: new Date(expiresAt),
        createdAt: new Date(0),
        finalizedAt: null,
      }),
    );
  };
  const store = {
    insertPendingSession: jest.fn((row: NewPendingSessionRow) => {
      rows.push(row);
      return Promise.resolve();
    }),
    findPendingSession: jest.fn(load),
    lockPendingSession: jest.fn(load),
    finalizePendingSession: jest.fn(),
  };
  const accounts = { connect: jest.fn() };
  const database = { transaction: jest.fn((work: (transaction: unknown) => unknown) => work({})) };
  const service = new PendingSessionsService(
    database as unknown as Database,
    store as unknown as ConnectStore,
    new SecretBox(new KeyRing({ id: 'k1', key: randomBytes(32) })),
    accounts as unknown as AccountsService,
    { record: jest.fn() } as unknown as EventOutbox,
    clock,
  );
  const attempt = Object.assign(new ConnectAttempt(), {
    customerId: 'cus_1',
    tenantId: 'tenant_1',
    network: 'facebook',
    clientState: null,
  });
  const open = () =>
    service.create(attempt, [
      {
        id: 'page_1',
        name: 'Page',
        username: 'page',
        pictureUrl: null,
        type: 'page',
        tokens: { accessToken: 'page-token' },
        scopes: ['pages_manage_posts'],
      },
    ]);
  return { clock, rows, service, accounts, open };
}

async function refusal(promise: Promise<unknown>): Promise<ApiException> {
  const error: unknown = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ApiException)) throw new Error(`Expected an ApiException, got ${String(error)}`);
  return error;
}

describe('PendingSessionsService: expiry', () => {
  it("lasts 30 minutes from the clock's time", async () => {
    const { rows, open } = world();
    await open();
    expect(rows.map((row) => row.expiresAt)).toEqual([new Date('2026-11-21T12:30:00Z')]);
  });

  it('is usable until just before its expiry, and refused (404) exactly at it', async () => {
    const { clock, service, open } = world();
    const token = await open();
    clock.advance(30 * MINUTE - 1);
    const seen = await service.view('cus_1', token);
    expect(seen.expiresAt).toBe('2026-11-21T12:30:00.000Z');
    expect(seen.availablePages.map((page) => page.id)).toEqual(['page_1']);
    clock.advance(1);
    const refused = await refusal(service.view('cus_1', token));
    expect(refused.status).toBe(404);
  });

  it('is not finalized once expired: 404, and no account is connected', async () => {
    const { clock, service, accounts, open } = world();
    const token = await open();
    clock.set('2026-11-21T12:30:00Z');
    const refused = await refusal(service.finalize('cus_1', token, ['page_1']));
    expect(refused.status).toBe(404);
    expect(accounts.connect).not.toHaveBeenCalled();
  });

  it("is another customer's to nobody: 404 while it is still usable", async () => {
    const { service, open } = world();
    const token = await open();
    expect((await refusal(service.view('cus_2', token))).status).toBe(404);
  });
});
