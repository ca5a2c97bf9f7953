import { Injectable } from '@nestjs/common';

/**
 * A kind of work that workers claim from its own table (publishing, webhook attempts), with its
 * own slots in each worker process: one lane's backlog or hanging calls never take another's slots.
 */
export interface WorkLane<Item> {
  /** Also the payload of the `queue_due` notification that wakes it. */
  readonly name: string;
  /** How many items one worker process works on at once. */
  readonly slots: number;
  /** Claims up to `wanted` due items for `workerId`; none when nothing is due. */
  claim(workerId: string, wanted: number): Promise<Item[]>;
  /** Works on one claimed item and lets go of its claim, whatever the outcome. Should not throw. */
  work(item: Item, workerId: string): Promise<void>;
  /**
   * Lets go of the claims of workers that died: those named, and those of workers with no
   * heartbeat at all that claimed longer than `deadAfterMs` ago (killed before their first beat,
   * or stopped without letting go). Their work becomes due again, and resumes. Answers how many.
   */
  releaseAbandoned(deadWorkerIds: string[], deadAfterMs: number): Promise<number>;
  /**
   * Lets go of `workerId`'s claims other than the items it holds. A claim that failed on the way
   * back (the connection lost after the claim committed) leaves claims nobody works on, which the
   * sweep never frees because the worker lives; the worker calls this before its next claim.
   */
  releaseUnheld(workerId: string, held: Item[]): Promise<number>;
}

/** The lanes, registered at start by the modules that own them (as tasks are in TaskRegistry). */
@Injectable()
export class LaneRegistry {
  private readonly lanes = new Map<string, WorkLane<unknown>>();

  register<Item>(lane: WorkLane<Item>): void {
    if (this.lanes.has(lane.name)) throw new Error(`Lane "${lane.name}" is registered twice`);
    this.lanes.set(lane.name, lane as WorkLane<unknown>);
  }

  all(): Array<WorkLane<unknown>> {
    return [...this.lanes.values()];
  }
}
