import { randomBytes } from 'node:crypto';
import { TestClock } from '../common/clock/test-clock';
import { KeyRing } from '../common/crypto/key-ring';
import { SecretBox } from '../common/crypto/secret-box';
import { ConnectAttemptsService } from './connect-attempts.service';
import type { ConnectStore, NewAttemptRow } from './connect.store';

/**
 * A connect attempt's lifetime, with the time set by a TestClock: it is made to last 15 minutes
 * from the clock's time, and used up at the clock's time. The connect_attempts table is a stand-in;
 * the statement that uses an attempt up compares its expiry with the time it is given.
 */
function world() {
  const clock = new TestClock('2026-11-21T12:00:00Z');
  const rows: NewAttemptRow[] = [];
  const consumedAt: Date[] = [];
  const kept = new Map<string, string>();
  const store = {
    keepAdapterState: jest.fn((stateHash: string, _network: string, sealed: string) => {
      kept.set(stateHash, sealed);
      return Promise.resolve();
    }),
    insertAttempt: jest.fn((row: NewAttemptRow) => {
      rows.push(row);
      return Promise.resolve();
    }),
    consumeAttempt: jest.fn((stateHash: string, network: string, now: Date) => {
      consumedAt.push(now);
      const row = rows.find((candidate) => candidate.stateHash === stateHash && candidate.network === network);
      return Promise.resolve(
        row && now < row.expiresAt ? { ...row, adapterStateEncrypted: kept.get(stateHash) ?? null } : undefined,
      );
    }),
  };
  const service = new ConnectAttemptsService(
    store as unknown as ConnectStore,
    new SecretBox(new KeyRing({ id: 'k1', key: randomBytes(32) })),
    clock,
  );
  const start = () =>
    service.start({
      customerId: 'cus_1',
      tenantId: 'tenant_1',
      network: 'x',
      redirectUri: 'https://app.example/back',
      clientState: null,
    });
  return { clock, rows, consumedAt, service, start, kept };
}

describe('ConnectAttemptsService: expiry', () => {
  it("lasts 15 minutes from the clock's time", async () => {
    const { rows, start } = world();
    await start();
    expect(rows.map((row) => row.expiresAt)).toEqual([new Date('2026-11-21T12:15:00Z')]);
  });

  it("is used up at the clock's time: usable just before its expiry, not at it", async () => {
    const { clock, consumedAt, service, start } = world();
    const { state } = await start();
    clock.set('2026-11-21T12:14:59.999Z');
    expect((await service.consume(state, 'x'))?.codeVerifier).toEqual(expect.any(String));
    clock.set('2026-11-21T12:15:00Z');
    expect(await service.consume(state, 'x')).toBeUndefined();
    expect(consumedAt).toEqual([new Date('2026-11-21T12:14:59.999Z'), new Date('2026-11-21T12:15:00Z')]);
  });
});

describe('ConnectAttemptsService: the attempt secret', () => {
  it('hands the adapter a secret at the start and the same one at the callback, stored sealed only', async () => {
    const { rows, service, start } = world();
    const first = await start();
    const second = await start();
    expect(first.attemptSecret).not.toBe(second.attemptSecret);
    expect(rows[0]!.attemptSecretEncrypted).toMatch(/^v1\./);
    expect(rows[0]!.attemptSecretEncrypted).not.toContain(first.attemptSecret);
    expect((await service.consume(first.state, 'x'))?.attemptSecret).toBe(first.attemptSecret);
  });

  it('answers no secret for an attempt started before attempts had one', async () => {
    const { rows, service, start } = world();
    const { state } = await start();
    Object.assign(rows[0]!, { attemptSecretEncrypted: null });
    expect((await service.consume(state, 'x'))?.attemptSecret).toBe('');
  });
});

describe('ConnectAttemptsService: what the adapter keeps', () => {
  it('seals what the adapter keeps at auth-url and hands it back at the callback', async () => {
    const { kept, service, start } = world();
    const { state } = await start();
    await service.keepAdapterState(state, 'x', '{"issuer":"https://auth.example"}');
    expect([...kept.values()][0]).toMatch(/^v1\./);
    expect([...kept.values()][0]).not.toContain('auth.example');
    expect((await service.consume(state, 'x'))?.adapterState).toBe('{"issuer":"https://auth.example"}');
  });

  it('hands nothing back when the adapter kept nothing', async () => {
    const { service, start } = world();
    const { state } = await start();
    expect(await service.consume(state, 'x')).not.toHaveProperty('adapterState');
  });
});
