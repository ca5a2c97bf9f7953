import { Injectable } from '@nestjs/common';
import { Database } from '../database';
import type { Transaction } from '../database';
import { AppCredentialsResolver, NetworkApp } from '../networks';
import { AccountTokens, AppCredentials, NetworkAdapter } from '../networks';
import { NetworkError } from '../networks';
import { NetworkRegistry } from '../networks';
import { AccountLanes } from '../queue';
import { AccountExpiry } from './account-expiry';
import { AccountsStore } from './accounts.store';
import { ConnectedAccount } from './connected-account.entity';
import { RefreshOutcome, TokenRefresher } from './token-refresher';

/**
 * How a call has its tokens:
 * - `fresh`: refreshed first when due (and stored). Only under the account's lane: X's refresh
 *   token is single-use, so two callers refreshing one account at once would spend it twice.
 * - `stored`: as they are (they work until they expire); for readers that hold no lane.
 */
export type TokenPolicy = 'fresh' | 'stored';

/** What the network call is made with. */
export interface AccountAccess {
  adapter: NetworkAdapter;
  tokens: AccountTokens;
  app: AppCredentials;
}

/** Written with the account's expiry, in its transaction (a delivery's post.failed). */
export type WriteOnExpiry = (transaction: Transaction) => Promise<void>;

export interface AccountCall<T> {
  account: ConnectedAccount;
  tokens: TokenPolicy;
  /**
   * The customer's own app for the account's network when the caller's query read it already
   * (null: it has none); absent, it is looked up.
   */
  ownApp?: NetworkApp | null;
  /**
   * When the network refuses the token (auth_expired): mark the account expired and record
   * account.token_expired (once, whoever finds out first), with `write` in the same transaction
   * when given. Absent: the account is left as it is (the task decides what the refusal means).
   */
  expireOnAuthError?: true | WriteOnExpiry;
  call: (access: AccountAccess) => Promise<T>;
}

/**
 * What an account's call came to: its value, or the network's error by kind, for the task to
 * record. `expired` says whether this call marked the account expired (false when it was not
 * asked to, or someone else did first).
 */
export type AccountCallResult<T> =
  | { kind: 'done'; value: T }
  | { kind: 'auth_expired'; error: NetworkError; expired: boolean }
  | { kind: 'rate_limited'; error: NetworkError; retryAt: Date | undefined }
  | { kind: 'transient'; error: NetworkError }
  | { kind: 'permanent'; error: NetworkError; expired: boolean };

/**
 * The one home of what every task that calls a network for an account repeats: holding the
 * account's lane, the account and its tokens (refreshed when due), the app to act as (the
 * customer's own, the service's, or a test world's), the call, and the network's error sorted by
 * kind, with the account expired (and announced) when the token is refused. The tasks keep what is
 * theirs: what to call, and what each outcome records.
 */
@Injectable()
export class AccountCallRunner {
  constructor(
    private readonly database: Database,
    private readonly accounts: AccountsStore,
    private readonly lanes: AccountLanes,
    private readonly tokens: TokenRefresher,
    private readonly apps: AppCredentialsResolver,
    private readonly networks: NetworkRegistry,
    private readonly expiry: AccountExpiry,
  ) {}

  /**
   * Runs `work` holding the account's lane (never beside its publishing, a token refresh or an
   * answer to a comment), or answers `held: false` without running it while another holds it.
   */
  holdingLane<T>(
    accountId: string,
    customerId: string,
    work: (workerId: string) => Promise<T>,
  ): Promise<{ held: true; result: T } | { held: false }> {
    return this.lanes.withLane(accountId, customerId, work);
  }

  /**
   * As holdingLane, with the account read again once the lane is held (null when it is gone): a
   * holder before may have refreshed its tokens, and the refresh token read before is spent.
   */
  holdingAccount<T>(
    accountId: string,
    customerId: string,
    work: (account: ConnectedAccount | null, workerId: string) => Promise<T>,
  ): Promise<{ held: true; result: T } | { held: false }> {
    return this.lanes.withLane(accountId, customerId, async (workerId) =>
      work(await this.accounts.findForJob(accountId), workerId),
    );
  }

  /** True when the account holds tokens to call with (a disconnected account's are wiped). */
  holdsTokens(account: ConnectedAccount): boolean {
    return this.tokens.storedTokens(account) !== undefined;
  }

  /**
   * Calls the network for the account. A NetworkError (the token refresh's too) comes back by
   * kind; anything else (our own trouble, no app configured) is thrown.
   */
  async call<T>(spec: AccountCall<T>): Promise<AccountCallResult<T>> {
    const { account } = spec;
    try {
      const adapter = this.networks.get(account.platform);
      const tokens = await this.tokensFor(spec);
      const app =
        spec.ownApp === undefined
          ? await this.apps.appFor(account.customerId, adapter)
          : await this.apps.appWith(account.customerId, spec.ownApp ?? undefined, adapter);
      return { kind: 'done', value: await spec.call({ adapter, tokens, app }) };
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      const expire = spec.expireOnAuthError;
      if (error.kind === 'auth_expired' && expire)
        return { kind: 'auth_expired', error, expired: await this.expire(account, error.message, expire) };
      return this.sorted(error);
    }
  }

  /**
   * The token refresh as a call: refreshed (and stored) when due. The network refusing the
   * refresh grant (auth_expired, or a permanent refusal) means the token is dead: the account is
   * expired and announced.
   */
  async renew(account: ConnectedAccount, now?: Date): Promise<AccountCallResult<RefreshOutcome>> {
    try {
      return { kind: 'done', value: await this.tokens.refreshIfDue(account, now) };
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      if (error.kind === 'auth_expired' || error.kind === 'permanent')
        return { kind: error.kind, error, expired: await this.expire(account, error.message) };
      return this.sorted(error);
    }
  }

  /**
   * Marks the account expired and records account.token_expired (only whoever flips it from
   * active does), with `write` in the same transaction. True when this call expired it.
   */
  expire(account: ConnectedAccount, reason: string, write: true | WriteOnExpiry = true): Promise<boolean> {
    return this.database.transaction(async (transaction) => {
      const expired = await this.expiry.expire(transaction, account, reason);
      if (write !== true) await write(transaction);
      return expired;
    });
  }

  private tokensFor({ account, tokens }: AccountCall<unknown>): Promise<AccountTokens> | AccountTokens {
    if (tokens === 'fresh') return this.tokens.freshTokens(account);
    const stored = this.tokens.storedTokens(account);
    if (!stored) throw new NetworkError(account.platform, 'auth_expired', 'The account holds no tokens');
    return stored;
  }

  /** The error by its kind, nothing done about it yet. */
  private sorted(error: NetworkError): Exclude<AccountCallResult<never>, { kind: 'done' }> {
    switch (error.kind) {
      case 'rate_limited':
        return { kind: 'rate_limited', error, retryAt: error.details.retryAt };
      case 'transient':
        return { kind: 'transient', error };
      case 'auth_expired':
      case 'permanent':
        return { kind: error.kind, error, expired: false };
    }
  }
}
