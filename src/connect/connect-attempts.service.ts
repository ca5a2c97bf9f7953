import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { SecretBox } from '../common/crypto/secret-box';
import { ConnectAttempt } from './connect-attempt.entity';
import { ConnectStore } from './connect.store';
import { hashSecret, newOneTimeSecret, newPkcePair } from './one-time-secret';

/** How long a user has between opening auth_url and coming back through the callback. */
export const ATTEMPT_LIFETIME_MINUTES = 15;

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

  async start(attempt: NewAttempt): Promise<{ state: string; codeChallenge: string }> {
    const state = newOneTimeSecret('st');
    const pkce = newPkcePair();
    await this.store.insertAttempt({
      stateHash: state.hash,
      customerId: attempt.customerId,
      tenantId: attempt.tenantId,
      network: attempt.network,
      redirectUri: attempt.redirectUri,
      codeVerifierEncrypted: this.box.encrypt(pkce.verifier, this.context(state.hash)),
      expiresAt: new Date(this.clock.now().getTime() + ATTEMPT_LIFETIME_MINUTES * 60_000),
      clientState: attempt.clientState,
    });
    return { state: state.value, codeChallenge: pkce.challenge };
  }

  /**
   * Uses up the attempt a callback's state names, atomically: of two callbacks with the same
   * state, one wins. Undefined when the state is unknown, used, expired by the clock's time, or
   * for another network (which then leaves it untouched).
   */
  async consume(
    state: string,
    network: string,
  ): Promise<{ attempt: ConnectAttempt; codeVerifier: string } | undefined> {
    if (typeof state !== 'string' || state.length > 200) return undefined;
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
    return { attempt, codeVerifier: this.box.decrypt(row.codeVerifierEncrypted, this.context(hash)) };
  }

  private context(stateHash: string): string {
    return `connect_attempts.code_verifier:${stateHash}`;
  }
}
