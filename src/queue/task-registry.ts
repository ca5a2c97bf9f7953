import { Injectable } from '@nestjs/common';

/** A job handler. Throwing makes graphile-worker retry the job with its own backoff. */
export type TaskHandler = (payload: unknown) => Promise<void>;

export interface ScheduledTask {
  task: string;
  /** Cron pattern (UTC), e.g. `17 * * * *`. */
  match: string;
}

/**
 * The tasks a worker can run, registered by the modules that own them at start, and the ones run on
 * a schedule (graphile-worker's cron: each schedule fires once, whatever the number of workers).
 */
@Injectable()
export class TaskRegistry {
  private readonly tasks = new Map<string, TaskHandler>();
  private readonly schedules: ScheduledTask[] = [];

  /** Registers a task that also runs on a schedule. */
  schedule(name: string, match: string, handler: TaskHandler): void {
    this.register(name, handler);
    this.schedules.push({ task: name, match });
  }

  scheduled(): ScheduledTask[] {
    return [...this.schedules];
  }

  register(name: string, handler: TaskHandler): void {
    if (this.tasks.has(name)) throw new Error(`Task "${name}" is registered twice`);
    this.tasks.set(name, handler);
  }

  entries(): Array<[string, TaskHandler]> {
    return [...this.tasks.entries()];
  }
}
