import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Injectable } from '@nestjs/common';
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
    this.beating ??= this.liveness.trackBeating(this.id).catch((error: unknown) => {
      this.beating = undefined;
      throw error;
    });
    await this.beating;
    return this.id;
  }
}
