import { Injectable } from '@nestjs/common';
import { Database } from '../database';
import type { Transaction } from '../database';
import { PendingPage, PendingSession } from './pending-session.entity';

/** A connect attempt as auth-url stores it; usable until `expiresAt`. */
export interface NewAttemptRow {
  stateHash: string;
  customerId: string;
  tenantId: string;
  network: string;
  redirectUri: string;
  codeVerifierEncrypted: string;
  /** A secret the network's adapter derives what it keeps between authorize and callback from (a DPoP key). */
  attemptSecretEncrypted: string;
  expiresAt: Date;
  clientState: string | null;
}

/** What a used-up attempt hands the callback. */
export interface ConsumedAttempt {
  customerId: string;
  tenantId: string;
  network: string;
  redirectUri: string;
  codeVerifierEncrypted: string;
  /** Null for an attempt made before attempts had one. */
  attemptSecretEncrypted: string | null;
  /** What the adapter kept of the attempt; null when nothing. */
  adapterStateEncrypted: string | null;
  clientState: string | null;
}

/** A pending session as the callback stores it; usable until `expiresAt`. */
export interface NewPendingSessionRow {
  id: string;
  tokenHash: string;
  customerId: string;
  tenantId: string;
  network: string;
  pages: PendingPage[];
  expiresAt: Date;
  clientState: string | null;
}

interface ConsumedAttemptRow {
  customer_id: string;
  tenant_id: string;
  network: string;
  redirect_uri: string;
  code_verifier_encrypted: string;
  attempt_secret_encrypted: string | null;
  adapter_state_encrypted: string | null;
  client_state: string | null;
}

/**
 * The connect flow's state between its steps: connect_attempts (auth-url to callback, single use)
 * and pending_sessions (callback to finalize, single use). The only way to those tables.
 */
@Injectable()
export class ConnectStore {
  constructor(private readonly database: Database) {}

  async insertAttempt(attempt: NewAttemptRow): Promise<void> {
    await this.database.execute(
      `INSERT INTO connect_attempts (state_hash, customer_id, tenant_id, network, redirect_uri, code_verifier_encrypted, expires_at, client_state, attempt_secret_encrypted)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        attempt.stateHash,
        attempt.customerId,
        attempt.tenantId,
        attempt.network,
        attempt.redirectUri,
        attempt.codeVerifierEncrypted,
        attempt.expiresAt,
        attempt.clientState,
        attempt.attemptSecretEncrypted,
      ],
    );
  }

  /** Keeps what the adapter wants back at the callback with an open attempt (sealed by the caller). */
  async keepAdapterState(stateHash: string, network: string, sealed: string): Promise<void> {
    await this.database.execute(
      `UPDATE connect_attempts SET adapter_state_encrypted = $3 WHERE state_hash = $1 AND network = $2 AND used_at IS NULL`,
      [stateHash, network, sealed],
    );
  }

  /**
   * Marks the attempt used at `now`, atomically (of two callbacks with the same state, one wins),
   * and answers it; undefined when it is unknown, used, expired at `now`, or for another network.
   */
  async consumeAttempt(stateHash: string, network: string, now: Date): Promise<ConsumedAttempt | undefined> {
    const [row] = await this.database.rows<ConsumedAttemptRow>(
      `UPDATE connect_attempts SET used_at = $3
        WHERE state_hash = $1 AND network = $2 AND used_at IS NULL AND expires_at > $3
        RETURNING customer_id, tenant_id, network, redirect_uri, code_verifier_encrypted, attempt_secret_encrypted,
                  adapter_state_encrypted, client_state`,
      [stateHash, network, now],
    );
    return (
      row && {
        customerId: row.customer_id,
        tenantId: row.tenant_id,
        network: row.network,
        redirectUri: row.redirect_uri,
        codeVerifierEncrypted: row.code_verifier_encrypted,
        attemptSecretEncrypted: row.attempt_secret_encrypted,
        adapterStateEncrypted: row.adapter_state_encrypted,
        clientState: row.client_state,
      }
    );
  }

  /**
   * Counts one more try of an open attempt's sign-in page, atomically, while fewer than `most`
   * were made: the tries made with this one and the attempt's customer, or undefined when the attempt is unknown, used,
   * expired, for another network, or out of tries.
   */
  async countSignInTry(
    stateHash: string,
    network: string,
    now: Date,
    most: number,
  ): Promise<{ tries: number; customerId: string } | undefined> {
    const [row] = await this.database.rows<{ sign_in_tries: number; customer_id: string }>(
      `UPDATE connect_attempts SET sign_in_tries = sign_in_tries + 1
        WHERE state_hash = $1 AND network = $2 AND used_at IS NULL AND expires_at > $3 AND sign_in_tries < $4
        RETURNING sign_in_tries, customer_id`,
      [stateHash, network, now, most],
    );
    return row && { tries: row.sign_in_tries, customerId: row.customer_id };
  }

  /** Whether an attempt of this network is neither used nor expired at `now`. */
  async isUsableAttempt(stateHash: string, network: string, now: Date): Promise<boolean> {
    const rows = await this.database.rows<{ found: number }>(
      'SELECT 1 AS found FROM connect_attempts WHERE state_hash = $1 AND network = $2 AND used_at IS NULL AND expires_at > $3',
      [stateHash, network, now],
    );
    return rows.length > 0;
  }

  /** Whether the customer started an attempt with this state that is neither used nor expired; in `transaction` when given. */
  async isOpenAttempt(stateHash: string, customerId: string, transaction?: Transaction): Promise<boolean> {
    const rows = await this.database.rows<{ found: number }>(
      'SELECT 1 AS found FROM connect_attempts WHERE state_hash = $1 AND customer_id = $2 AND used_at IS NULL AND expires_at > now()',
      [stateHash, customerId],
      transaction,
    );
    return rows.length > 0;
  }

  async insertPendingSession(session: NewPendingSessionRow): Promise<void> {
    await this.database.execute(
      `INSERT INTO pending_sessions (id, token_hash, customer_id, tenant_id, network, pages, expires_at, client_state)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        session.id,
        session.tokenHash,
        session.customerId,
        session.tenantId,
        session.network,
        JSON.stringify(session.pages),
        session.expiresAt,
        session.clientState,
      ],
    );
  }

  /** The customer's session with this token, usable or not. */
  findPendingSession(tokenHash: string, customerId: string): Promise<PendingSession | null> {
    return this.database.repository(PendingSession).findOneBy({ tokenHash, customerId });
  }

  /** As findPendingSession, locked for update within the transaction (finalize runs once). */
  lockPendingSession(tokenHash: string, customerId: string, transaction: Transaction): Promise<PendingSession | null> {
    return this.database.repository(PendingSession, transaction).findOne({
      where: { tokenHash, customerId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /** Closes the session and drops its pages (their encrypted tokens) once it is finalized. */
  async finalizePendingSession(id: string, transaction: Transaction): Promise<void> {
    await this.database
      .repository(PendingSession, transaction)
      .update({ id }, { finalizedAt: () => 'now()', pages: [] });
  }

  /** Deletes attempts and sessions that expired before `cutoff`, finalized or not; how many of each. */
  async purgeExpiredBefore(cutoff: Date): Promise<{ attempts: number; sessions: number }> {
    const attempts = await this.database.execute('DELETE FROM connect_attempts WHERE expires_at < $1', [cutoff]);
    const sessions = await this.database.execute('DELETE FROM pending_sessions WHERE expires_at < $1', [cutoff]);
    return { attempts: attempts.affected, sessions: sessions.affected };
  }
}
