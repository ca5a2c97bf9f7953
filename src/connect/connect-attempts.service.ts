import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { SecretBox } from '../common/crypto/secret-box';
import { ConnectAttempt } from './connect-attempt.entity';
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

/** The OAuth state and PKCE verifier of each auth-url call, usable once, for 15 minutes. */
@Injectable()
export class ConnectAttemptsService {
  constructor(
    @InjectRepository(ConnectAttempt) private readonly attempts: Repository<ConnectAttempt>,
    private readonly box: SecretBox,
  ) {}

  async start(attempt: NewAttempt): Promise<{ state: string; codeChallenge: string }> {
    const state = newOneTimeSecret('st');
    const pkce = newPkcePair();
    await this.attempts.query(
      `INSERT INTO connect_attempts (state_hash, customer_id, tenant_id, network, redirect_uri, code_verifier_encrypted, expires_at, client_state)
       VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(mins => $7), $8)`,
      [
        state.hash,
        attempt.customerId,
        attempt.tenantId,
        attempt.network,
        attempt.redirectUri,
        this.box.encrypt(pkce.verifier, this.context(state.hash)),
        ATTEMPT_LIFETIME_MINUTES,
        attempt.clientState,
      ],
    );
    return { state: state.value, codeChallenge: pkce.challenge };
  }

  /**
   * Uses up the attempt a callback's state names, atomically: of two callbacks with the same
   * state, one wins. Undefined when the state is unknown, used, expired, or for another network
   * (which then leaves it untouched).
   */
  async consume(
    state: string,
    network: string,
  ): Promise<{ attempt: ConnectAttempt; codeVerifier: string } | undefined> {
    if (typeof state !== 'string' || state.length > 200) return undefined;
    const hash = hashSecret(state);
    const [rows] = (await this.attempts.query(
      `UPDATE connect_attempts SET used_at = now()
        WHERE state_hash = $1 AND network = $2 AND used_at IS NULL AND expires_at > now()
        RETURNING customer_id, tenant_id, network, redirect_uri, code_verifier_encrypted, client_state`,
      [hash, network],
    )) as [
      Array<{
        customer_id: string;
        tenant_id: string;
        network: string;
        redirect_uri: string;
        code_verifier_encrypted: string;
        client_state: string | null;
      }>,
      number,
    ];
    const row = rows[0];
    if (!row) return undefined;
    const attempt = Object.assign(new ConnectAttempt(), {
      stateHash: hash,
      customerId: row.customer_id,
      tenantId: row.tenant_id,
      network: row.network,
      redirectUri: row.redirect_uri,
      clientState: row.client_state,
    });
    return { attempt, codeVerifier: this.box.decrypt(row.code_verifier_encrypted, this.context(hash)) };
  }

  private context(stateHash: string): string {
    return `connect_attempts.code_verifier:${stateHash}`;
  }
}
