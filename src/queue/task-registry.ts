import { Injectable } from '@nestjs/common';

/** A job handler. Throwing makes graphile-worker retry the job with its own backoff. */
export type TaskHandler = (payload: unknown) => Promise<void>;

/**
 * The jobs a worker can run, registered by the modules that own them at start. (Periodic ones are
 * queued by the scheduler: scheduling/periodic-tasks.ts.)
 */
@Injectable()
export class TaskRegistry {
  private readonly tasks = new Map<string, TaskHandler>();

  register(name: string, handler: TaskHandler): void {
    if (this.tasks.has(name)) throw new Error(`Task "${name}" is registered twice`);
    this.tasks.set(name, handler);
  }

  entries(): Array<[string, TaskHandler]> {
    return [...this.tasks.entries()];
  }
}
