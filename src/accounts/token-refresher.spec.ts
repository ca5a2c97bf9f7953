import { TestClock } from '../common/clock/test-clock';
import type { AppCredentialsResolver } from '../networks/apps/app-credentials.resolver';
import type { AccountTokens, AccountTraits } from '../networks/network-adapter';
import type { NetworkRegistry } from '../networks/network-registry';
import type { AccountPermissionChanges } from './account-permission-changes';
import type { AccountsStore } from './accounts.store';
import type { ConnectedAccount } from './connected-account.entity';
import { NetworkError } from '../networks/network-error';
import { TokenRefresher } from './token-refresher';
import type { TokenVault } from './token-vault';

/**
 * When an account's token is refreshed, with the time set by a TestClock. The vault, the network's
 * refresh grant and the database are stand-ins; the refresh window is the network's own
 * (refreshAheadMs) and the rule is refreshDue's.
 */
const HOUR = 3_600_000;

function world(stored: AccountTokens | undefined, accountTraits?: jest.Mock<Promise<AccountTraits>, [AccountTokens]>) {
  const clock = new TestClock('2026-11-21T12:00:00Z');
  const refresh = jest.fn<Promise<AccountTokens | undefined>, [AccountTokens, unknown]>();
  const store = jest.fn<Promise<void>, Parameters<AccountsStore['storeRefreshedTokens']>>().mockResolvedValue();
  const storeTraits = jest.fn<Promise<void>, Parameters<AccountsStore['storeTraits']>>().mockResolvedValue();
  const refresher = new TokenRefresher(
    { storeRefreshedTokens: store, storeTraits } as unknown as AccountsStore,
    {
      open: () => stored,
      seal: () => ({
        accessTokenEncrypted: 'a',
        refreshTokenEncrypted: 'r',
        userTokenEncrypted: null,
        tokenBindingEncrypted: null,
      }),
    } as unknown as TokenVault,
    { get: () => ({ refreshAheadMs: 2 * HOUR, refresh, accountTraits }) } as unknown as NetworkRegistry,
    { appFor: jest.fn().mockResolvedValue({ clientId: 'app' }) } as unknown as AppCredentialsResolver,
    { granted: jest.fn() } as unknown as AccountPermissionChanges,
    clock,
  );
  return { refresher, clock, refresh, store, storeTraits };
}

const account = (tokenExpiresAt: Date | null) =>
  ({ id: 'acc_1', customerId: 'cus_1', platform: 'x', tokenExpiresAt, connectedAt: new Date(0) }) as ConnectedAccount;

describe('TokenRefresher.refreshIfDue', () => {
  const tokens: AccountTokens = { accessToken: 'old', refreshToken: 'r1', expiresAt: new Date('2026-11-21T15:00:00Z') };

  it('leaves a token alone until the clock is within its refresh window', async () => {
    const { refresher, refresh } = world(tokens);
    await expect(refresher.refreshIfDue(account(new Date('2026-11-21T15:00:00Z')))).resolves.toEqual({
      kind: 'not_due',
      tokens,
    });
    expect(refresh).not.toHaveBeenCalled();
  });

  it('refreshes it and stores the new tokens once the clock reaches the window', async () => {
    const { refresher, clock, refresh, store } = world(tokens);
    clock.advance(1 * HOUR);
    const renewed: AccountTokens = {
      accessToken: 'new',
      refreshToken: 'r2',
      expiresAt: new Date('2026-11-21T15:00:00Z'),
    };
    refresh.mockResolvedValue(renewed);
    const outcome = await refresher.refreshIfDue(account(new Date('2026-11-21T15:00:00Z')));
    expect(outcome).toEqual({ kind: 'refreshed', tokens: { ...renewed, userAccessToken: undefined } });
    expect(store).toHaveBeenCalledTimes(1);
    expect(store).toHaveBeenCalledWith(
      'acc_1',
      new Date(0),
      { accessTokenEncrypted: 'a', refreshTokenEncrypted: 'r', userTokenEncrypted: null, tokenBindingEncrypted: null },
      new Date('2026-11-21T15:00:00Z'),
    );
  });

  it('keeps the binding the tokens were bound to when the refresh answer names none', async () => {
    const { refresher, refresh } = world({ ...tokens, tokenBinding: 'dpop-key' });
    refresh.mockResolvedValue({ accessToken: 'new', refreshToken: 'r2' });
    const outcome = await refresher.refreshIfDue(account(new Date('2026-11-21T13:00:00Z')));
    expect(outcome.tokens).toMatchObject({ accessToken: 'new', tokenBinding: 'dpop-key' });
  });

  it('says so when the network has no grant for a due token', async () => {
    const { refresher, refresh, store } = world(tokens);
    refresh.mockResolvedValue(undefined);
    const outcome = await refresher.refreshIfDue(account(new Date('2026-11-21T13:00:00Z')));
    expect(outcome.kind).toBe('unrefreshable');
    expect(store).not.toHaveBeenCalled();
  });

  it('never refreshes a token without an expiry', async () => {
    const { refresher, clock, refresh } = world(tokens);
    clock.set('2030-01-01T00:00:00Z');
    expect((await refresher.refreshIfDue(account(null))).kind).toBe('not_due');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('refuses an account that holds no tokens, as the network would', async () => {
    const { refresher } = world(undefined);
    await expect(refresher.refreshIfDue(account(null))).rejects.toMatchObject({ kind: 'auth_expired' });
  });

  const renewed: AccountTokens = {
    accessToken: 'new',
    refreshToken: 'r2',
    expiresAt: new Date('2026-11-21T15:00:00Z'),
  };

  it("reads the account's traits again with the new tokens and stores them for the connection refreshed", async () => {
    const accountTraits = jest.fn<Promise<AccountTraits>, [AccountTokens]>().mockResolvedValue({
      subscriptionType: 'Premium',
    });
    const { refresher, refresh, storeTraits } = world(tokens, accountTraits);
    refresh.mockResolvedValue(renewed);
    await refresher.refreshIfDue(account(new Date('2026-11-21T13:00:00Z')));
    expect(accountTraits).toHaveBeenCalledWith({ ...renewed, userAccessToken: undefined }, { clientId: 'app' });
    expect(storeTraits).toHaveBeenCalledWith('acc_1', new Date(0), { subscriptionType: 'Premium' });
  });

  it('never fails a refresh for traits it could not read, and keeps the stored ones', async () => {
    const accountTraits = jest
      .fn<Promise<AccountTraits>, [AccountTokens]>()
      .mockRejectedValue(new NetworkError('x', 'transient', 'X is down'));
    const { refresher, refresh, store, storeTraits } = world(tokens, accountTraits);
    refresh.mockResolvedValue(renewed);
    await expect(refresher.refreshIfDue(account(new Date('2026-11-21T13:00:00Z')))).resolves.toMatchObject({
      kind: 'refreshed',
    });
    expect(store).toHaveBeenCalledTimes(1);
    expect(storeTraits).not.toHaveBeenCalled();
  });
});
