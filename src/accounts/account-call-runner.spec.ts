import { ApiException } from '../common/errors/api-exception';
import type { Database } from '../database/database';
import type { AppCredentialsResolver } from '../networks/apps/app-credentials.resolver';
import type { NetworkApp } from '../networks/apps/network-app.entity';
import type { AccountTokens } from '../networks/network-adapter';
import { NetworkError } from '../networks/network-error';
import type { NetworkRegistry } from '../networks/network-registry';
import type { AccountLanes } from '../queue/account-lanes';
import { AccountCallRunner } from './account-call-runner';
import type { AccountExpiry } from './account-expiry';
import type { AccountsStore } from './accounts.store';
import type { ConnectedAccount } from './connected-account.entity';
import type { RefreshOutcome, TokenRefresher } from './token-refresher';

/**
 * The account-call runner's own rules: which tokens and app a call gets, what a network error
 * comes back as, and when the account is expired (with the caller's write in its transaction).
 * The account's row, its lane, the token refresher, the app resolver and the expiry are stand-ins.
 */

const account = { id: 'acc_1', customerId: 'cus_1', platform: 'x', status: 'active' } as ConnectedAccount;
const stored: AccountTokens = { accessToken: 'stored' };
const refreshed: AccountTokens = { accessToken: 'refreshed' };
const serviceApp = { clientId: 'service' };
const ownApp = { clientId: 'own' };

function world(options: { storedTokens?: AccountTokens | undefined; laneFree?: boolean } = {}) {
  const adapter = { id: 'x', displayName: 'X' };
  const tokens = {
    storedTokens: jest.fn(() => ('storedTokens' in options ? options.storedTokens : stored)),
    freshTokens: jest.fn<Promise<AccountTokens>, [ConnectedAccount]>().mockResolvedValue(refreshed),
    refreshIfDue: jest.fn<Promise<RefreshOutcome>, [ConnectedAccount, Date?]>(),
  };
  const apps = {
    appFor: jest.fn().mockResolvedValue(serviceApp),
    appWith: jest.fn(async (_customer: string, own: NetworkApp | undefined) => (own ? ownApp : serviceApp)),
  };
  const transaction = { name: 'the transaction' };
  const written: string[] = [];
  const database = {
    transaction: jest.fn(async (work: (tx: unknown) => unknown) => {
      written.push('begin');
      const result = await work(transaction);
      written.push('commit');
      return result;
    }),
  };
  const expiry = {
    expire: jest.fn(async (tx: unknown) => {
      written.push(tx === transaction ? 'expired in the transaction' : 'expired elsewhere');
      return true;
    }),
  };
  const accounts = { findForJob: jest.fn().mockResolvedValue({ ...account, tokenExpiresAt: new Date(0) }) };
  const lanes = {
    withLane: jest.fn(async (_id: string, _customer: string, work: (workerId: string) => Promise<unknown>) =>
      options.laneFree === false ? { held: false } : { held: true, result: await work('wrk_1') },
    ),
  };
  const runner = new AccountCallRunner(
    database as unknown as Database,
    accounts as unknown as AccountsStore,
    lanes as unknown as AccountLanes,
    tokens as unknown as TokenRefresher,
    apps as unknown as AppCredentialsResolver,
    { get: () => adapter } as unknown as NetworkRegistry,
    expiry as unknown as AccountExpiry,
  );
  return { runner, tokens, apps, expiry, accounts, lanes, written, transaction, adapter };
}

const refusal = (kind: NetworkError['kind'], details = {}) =>
  new NetworkError('x', kind, `the network: ${kind}`, details);

describe('AccountCallRunner.call', () => {
  it('calls with refreshed tokens and the app the resolver chose, and answers the value', async () => {
    const { runner, tokens, apps, adapter } = world();
    const call = jest.fn().mockResolvedValue('posted');
    const result = await runner.call({ account, tokens: 'fresh', call });
    expect(result).toEqual({ kind: 'done', value: 'posted' });
    expect(tokens.freshTokens).toHaveBeenCalledWith(account);
    expect(apps.appFor).toHaveBeenCalledWith('cus_1', adapter);
    expect(call).toHaveBeenCalledWith({ adapter, tokens: refreshed, app: serviceApp });
  });

  it('never refreshes with stored tokens, and uses the own app the caller read (null: none)', async () => {
    const { runner, tokens, apps } = world();
    const call = jest.fn().mockResolvedValue(undefined);
    await runner.call({ account, tokens: 'stored', ownApp: { id: 'app_1' } as NetworkApp, call });
    await runner.call({ account, tokens: 'stored', ownApp: null, call });
    expect(tokens.freshTokens).not.toHaveBeenCalled();
    expect(apps.appFor).not.toHaveBeenCalled();
    expect(call.mock.calls.map(([access]) => [access.tokens, access.app])).toEqual([
      [stored, ownApp],
      [stored, serviceApp],
    ]);
  });

  it('answers auth_expired without calling when the account holds no tokens', async () => {
    const { runner, apps } = world({ storedTokens: undefined });
    const call = jest.fn();
    const result = await runner.call({ account, tokens: 'stored', call });
    expect(result).toMatchObject({
      kind: 'auth_expired',
      expired: false,
      error: { message: 'The account holds no tokens' },
    });
    expect(call).not.toHaveBeenCalled();
    expect(apps.appFor).not.toHaveBeenCalled();
  });

  it("sorts the network's errors by kind, a rate limit with its retry time, and expires nothing unasked", async () => {
    const { runner, expiry } = world();
    const retryAt = new Date('2026-11-21T12:15:00Z');
    const outcome = (error: NetworkError) =>
      runner.call({ account, tokens: 'fresh', call: () => Promise.reject(error) });
    expect(await outcome(refusal('rate_limited', { retryAt }))).toMatchObject({ kind: 'rate_limited', retryAt });
    expect(await outcome(refusal('rate_limited'))).toMatchObject({ kind: 'rate_limited', retryAt: undefined });
    expect(await outcome(refusal('transient'))).toMatchObject({ kind: 'transient' });
    expect(await outcome(refusal('permanent'))).toMatchObject({ kind: 'permanent', expired: false });
    expect(await outcome(refusal('auth_expired'))).toMatchObject({ kind: 'auth_expired', expired: false });
    expect(expiry.expire).not.toHaveBeenCalled();
  });

  it("a refresh refused while getting fresh tokens comes back like the call's own refusal", async () => {
    const { runner, tokens } = world();
    tokens.freshTokens.mockRejectedValue(refusal('transient'));
    const call = jest.fn();
    expect(await runner.call({ account, tokens: 'fresh', call })).toMatchObject({ kind: 'transient' });
    expect(call).not.toHaveBeenCalled();
  });

  it("expires the account on a refused token when asked, with the caller's write in the same transaction", async () => {
    const { runner, expiry, written, transaction } = world();
    const write = jest.fn(
      async (tx: unknown) => void written.push(tx === transaction ? 'failed in it' : 'failed elsewhere'),
    );
    const result = await runner.call({
      account,
      tokens: 'fresh',
      expireOnAuthError: write,
      call: () => Promise.reject(refusal('auth_expired')),
    });
    expect(result).toMatchObject({ kind: 'auth_expired', expired: true });
    expect(expiry.expire).toHaveBeenCalledWith(transaction, account, 'the network: auth_expired');
    expect(written).toEqual(['begin', 'expired in the transaction', 'failed in it', 'commit']);
  });

  it('says expired: false when someone else expired the account first', async () => {
    const { runner, expiry } = world();
    expiry.expire.mockResolvedValue(false);
    const result = await runner.call({
      account,
      tokens: 'fresh',
      expireOnAuthError: true,
      call: () => Promise.reject(refusal('auth_expired')),
    });
    expect(result).toMatchObject({ kind: 'auth_expired', expired: false });
  });

  it("throws what is not the network's answer: our own trouble, no app configured", async () => {
    const { runner, apps } = world();
    await expect(
      runner.call({ account, tokens: 'fresh', call: () => Promise.reject(new Error('db down')) }),
    ).rejects.toThrow('db down');
    apps.appFor.mockRejectedValue(new ApiException('network_not_configured', 'No X app', undefined, 409));
    await expect(runner.call({ account, tokens: 'fresh', call: jest.fn() })).rejects.toBeInstanceOf(ApiException);
  });
});

describe('AccountCallRunner.renew', () => {
  it('refreshes when due, at the time given', async () => {
    const { runner, tokens, expiry } = world();
    const at = new Date('2026-12-01T08:00:00Z');
    tokens.refreshIfDue.mockResolvedValue({ kind: 'refreshed', tokens: refreshed });
    expect(await runner.renew(account, at)).toEqual({ kind: 'done', value: { kind: 'refreshed', tokens: refreshed } });
    expect(tokens.refreshIfDue).toHaveBeenCalledWith(account, at);
    expect(expiry.expire).not.toHaveBeenCalled();
  });

  it.each(['auth_expired', 'permanent'] as const)('a refresh grant refused (%s) expires the account', async (kind) => {
    const { runner, tokens, expiry } = world();
    tokens.refreshIfDue.mockRejectedValue(refusal(kind));
    expect(await runner.renew(account)).toMatchObject({ kind, expired: true });
    expect(expiry.expire).toHaveBeenCalledTimes(1);
  });

  it.each(['transient', 'rate_limited'] as const)('trouble reaching the network (%s) expires nothing', async (kind) => {
    const { runner, tokens, expiry } = world();
    tokens.refreshIfDue.mockRejectedValue(refusal(kind));
    expect(await runner.renew(account)).toMatchObject({ kind });
    expect(expiry.expire).not.toHaveBeenCalled();
  });
});

describe('AccountCallRunner.holdingAccount', () => {
  it('reads the account again once the lane is held, and runs the work with it', async () => {
    const { runner, accounts, lanes } = world();
    const work = jest.fn(async (found: ConnectedAccount | null, workerId: string) => `${found?.id} by ${workerId}`);
    expect(await runner.holdingAccount('acc_1', 'cus_1', work)).toEqual({ held: true, result: 'acc_1 by wrk_1' });
    expect(lanes.withLane).toHaveBeenCalledWith('acc_1', 'cus_1', expect.any(Function));
    expect(accounts.findForJob).toHaveBeenCalledWith('acc_1');
    expect(work.mock.calls[0]![0]!.tokenExpiresAt).toEqual(new Date(0));
  });

  it('runs nothing and reads nothing while another holds the lane', async () => {
    const { runner, accounts } = world({ laneFree: false });
    const work = jest.fn();
    expect(await runner.holdingAccount('acc_1', 'cus_1', work)).toEqual({ held: false });
    expect(work).not.toHaveBeenCalled();
    expect(accounts.findForJob).not.toHaveBeenCalled();
  });
});
