import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

const PING_TIMEOUT_MS = 2_000;

/** Answers "is Postgres reachable right now?" within a bounded time. */
@Injectable()
export class DatabaseHealth {
  constructor(private readonly dataSource: DataSource) {}

  async isUp(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
    });
    const ping = this.dataSource.query('SELECT 1').then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([ping, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
