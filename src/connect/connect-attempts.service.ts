import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { SecretBox } from '../common/crypto/secret-box';
import { ConnectAttempt } from './connect-attempt.entity';
import { ConnectStore } from './connect.store';
import { hashSecret, newOneTimeSecret, newPkcePair } from './one-time-secret';

/** How long a user has between opening auth_url and coming back through the callback. */
export const ATTEMPT_LIFETIME_MINUTES = 15;

/** How many times an attempt's sign-in page may be tried (a wrong app password, a typo) before it is used up. */
export const SIGN_IN_TRIES = 5;

export interface NewAttempt {
  customerId: string;
  tenantId: string;
  network: string;
  redirectUri: string;
  /** The customer's own value for this attempt (auth-url `client_state`), handed back unchanged. */
  clientState: string | null;
}

/** The OAuth state and PKCE verifier of each auth-url call, usable once, for 15 minutes by the clock. */
@Injectable()
export class ConnectAttemptsService {
  constructor(
    private readonly store: ConnectStore,
    private readonly box: SecretBox,
    private readonly clock: Clock,
  ) {}

  /**
   * A new attempt: its state, its PKCE challenge, and a random secret the network's adapter may
   * derive per-attempt keys from (atproto OAuth's DPoP key), kept sealed with the attempt so that the
   * callback derives the same key. It never leaves the service.
   */
  async start(attempt: NewAttempt): Promise<{ state: string; codeChallenge: string; attemptSecret: string }> {
    const state = newOneTimeSecret('st');
    const pkce = newPkcePair();
    const attemptSecret = randomBytes(32).toString('base64url');
    await this.store.insertAttempt({
      stateHash: state.hash,
      customerId: attempt.customerId,
      tenantId: attempt.tenantId,
      network: attempt.network,
      redirectUri: attempt.redirectUri,
      codeVerifierEncrypted: this.box.encrypt(pkce.verifier, this.context(state.hash)),
      attemptSecretEncrypted: this.box.encrypt(attemptSecret, this.secretContext(state.hash)),
      expiresAt: new Date(this.clock.now().getTime() + ATTEMPT_LIFETIME_MINUTES * 60_000),
      clientState: attempt.clientState,
    });
    return { state: state.value, codeChallenge: pkce.challenge, attemptSecret };
  }

  /** Whether the state names an attempt of this network that is neither used nor expired (nothing changes). */
  async isUsable(state: string, network: string): Promise<boolean> {
    if (!isStateShaped(state)) return false;
    return this.store.isUsableAttempt(hashSecret(state), network, this.clock.now());
  }

  /**
   * Takes one of an attempt's SIGN_IN_TRIES: `counted` with the tries left after this one (and
   * the attempt's customer, whose app signs in),
   * `exhausted` when none was left (the attempt is then used up), `unusable` when the state names
   * no open attempt of this network.
   */
  async takeSignInTry(
    state: string,
    network: string,
  ): Promise<
    { kind: 'counted'; triesLeft: number; customerId: string } | { kind: 'exhausted' } | { kind: 'unusable' }
  > {
    if (!isStateShaped(state)) return { kind: 'unusable' };
    const hash = hashSecret(state);
    const counted = await this.store.countSignInTry(hash, network, this.clock.now(), SIGN_IN_TRIES);
    if (counted) return { kind: 'counted', triesLeft: SIGN_IN_TRIES - counted.tries, customerId: counted.customerId };
    return (await this.store.isUsableAttempt(hash, network, this.clock.now()))
      ? { kind: 'exhausted' }
      : { kind: 'unusable' };
  }

  /**
   * Uses up the attempt a callback's state names, atomically: of two callbacks with the same
   * state, one wins. Undefined when the state is unknown, used, expired by the clock's time, or
   * for another network (which then leaves it untouched).
   */
  async consume(
    state: string,
    network: string,
  ): Promise<
    { attempt: ConnectAttempt; codeVerifier: string; attemptSecret: string; adapterState?: string } | undefined
  > {
    if (!isStateShaped(state)) return undefined;
    const hash = hashSecret(state);
    const row = await this.store.consumeAttempt(hash, network, this.clock.now());
    if (!row) return undefined;
    const attempt = Object.assign(new ConnectAttempt(), {
      stateHash: hash,
      customerId: row.customerId,
      tenantId: row.tenantId,
      network: row.network,
      redirectUri: row.redirectUri,
      clientState: row.clientState,
    });
    return {
      attempt,
      codeVerifier: this.box.decrypt(row.codeVerifierEncrypted, this.context(hash)),
      // An attempt started before attempts had a secret has none: '' (an adapter that needs one refuses the callback).
      attemptSecret:
        row.attemptSecretEncrypted === null
          ? ''
          : this.box.decrypt(row.attemptSecretEncrypted, this.secretContext(hash)),
      ...(row.adapterStateEncrypted === null
        ? {}
        : { adapterState: this.box.decrypt(row.adapterStateEncrypted, this.adapterContext(hash)) }),
    };
  }

  /** Keeps what the network's adapter wants back at the callback (AuthorizeStart.keep), sealed with the attempt. */
  async keepAdapterState(state: string, network: string, value: string): Promise<void> {
    const hash = hashSecret(state);
    await this.store.keepAdapterState(hash, network, this.box.encrypt(value, this.adapterContext(hash)));
  }

  private adapterContext(stateHash: string): string {
    return `connect_attempts.adapter_state:${stateHash}`;
  }

  private context(stateHash: string): string {
    return `connect_attempts.code_verifier:${stateHash}`;
  }

  private secretContext(stateHash: string): string {
    return `connect_attempts.attempt_secret:${stateHash}`;
  }
}

/** A state as auth-url hands them out could be this: a string of bounded length (anything else is not looked up). */
function isStateShaped(state: unknown): state is string {
  return typeof state === 'string' && state.length > 0 && state.length <= 200;
}
