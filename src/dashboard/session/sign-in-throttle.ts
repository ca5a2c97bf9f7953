import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { FREE_FAILURES, signInDelaySeconds } from './sign-in-delay';

interface ThrottleKey {
  key: string;
  free: number;
}

/**
 * Slows down password guessing: consecutive failed sign-ins, counted per email address and per
 * client address, close sign-in for a growing time (sign-in-delay.ts). Kept in PostgreSQL, so it
 * holds across restarts and across every instance. A successful sign-in clears both counts.
 */
@Injectable()
export class SignInThrottle {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Seconds until sign-in is open again for this address and client; 0 when it is open now. */
  async waitSeconds(email: string, ip: string): Promise<number> {
    const keys = this.keys(email, ip);
    const rows = (await this.dataSource.query(
      `SELECT key, failures, extract(epoch FROM (now() - last_failed_at)) AS elapsed FROM dashboard_sign_in_failures WHERE key = ANY($1)`,
      [keys.map((key) => key.key)],
    )) as Array<{ key: string; failures: number; elapsed: string }>;
    let wait = 0;
    for (const row of rows) {
      const free = keys.find((key) => key.key === row.key)!.free;
      wait = Math.max(wait, Math.ceil(signInDelaySeconds(row.failures, free) - Number(row.elapsed)));
    }
    return Math.max(wait, 0);
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO dashboard_sign_in_failures (key, failures, last_failed_at) SELECT unnest($1::text[]), 1, now()
       ON CONFLICT (key) DO UPDATE SET failures = dashboard_sign_in_failures.failures + 1, last_failed_at = now()`,
      [this.keys(email, ip).map((key) => key.key)],
    );
  }

  async clear(email: string, ip: string): Promise<void> {
    await this.dataSource.query('DELETE FROM dashboard_sign_in_failures WHERE key = ANY($1)', [this.keys(email, ip).map((key) => key.key)]);
  }

  private keys(email: string, ip: string): ThrottleKey[] {
    return [
      { key: `email:${email.trim().toLowerCase()}`, free: FREE_FAILURES.email },
      { key: `ip:${ip}`, free: FREE_FAILURES.ip },
    ];
  }
}
