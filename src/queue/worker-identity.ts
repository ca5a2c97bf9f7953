import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Injectable, Logger } from '@nestjs/common';
import { WorkerLiveness } from './worker-liveness';

/**
 * This process's worker id for lane claims. It beats (WorkerLiveness) before anything is claimed
 * under it, so a process that dies has its claims let go by the others once it counts as dead.
 */
@Injectable()
export class WorkerIdentity {
  readonly id = `lanes:${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private beating: Promise<void> | undefined;

  constructor(private readonly liveness: WorkerLiveness) {}

  /** The id, once its first beat is recorded (and the heartbeats running). */
  async beatingId(): Promise<string> {
    this.beating ??= this.liveness.trackBeating(this.id).then(
      () =>
        new Logger('Worker').log({ msg: 'Worker started', workerId: this.id, publicName: publicWorkerName(this.id) }),
      (error: unknown) => {
        this.beating = undefined;
        throw error;
      },
    );
    await this.beating;
    return this.id;
  }
}

/**
 * The name customers see for a worker (a delivery's attempts): stable, so two attempts by one
 * worker share it, but opaque, since the worker's own id names our host and process. The worker
 * logs both at its start, so an operator finds one from the other.
 */
export function publicWorkerName(workerId: string): string {
  return `worker_${createHash('sha256').update(workerId).digest('hex').slice(0, 12)}`;
}
