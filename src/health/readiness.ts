import { Injectable } from '@nestjs/common';
import { DatabaseHealth } from '../database';
import { DrainState } from './drain-state';

export interface ReadinessReport {
  ready: boolean;
  database: 'up' | 'down';
  draining: boolean;
}

/** Ready to take work: PostgreSQL answers and the process is not draining. Shared by the API and the worker's probe port. */
@Injectable()
export class Readiness {
  constructor(
    private readonly database: DatabaseHealth,
    private readonly drain: DrainState,
  ) {}

  async check(): Promise<ReadinessReport> {
    // A draining process is not ready whatever the database says: no need to ask it.
    if (this.drain.draining)
      return { ready: false, database: (await this.database.isUp()) ? 'up' : 'down', draining: true };
    const up = await this.database.isUp();
    return { ready: up, database: up ? 'up' : 'down', draining: false };
  }
}
