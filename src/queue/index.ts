/** What other modules may use from queue/: everything else in the folder is its own. */
export { AccountLanes } from './account-lanes';
export { payloadId } from './job-payload';
export { JobQueue } from './job-queue';
export { LostClaimError } from './lost-claim-error';
export { QueueModule } from './queue.module';
export { claimHeldSql } from './queue.sql';
export { QueueStore } from './queue.store';
export type { LaneHold } from './queue.store';
export { retryUntilDone } from './retry-until-done';
export { ShutdownSignal } from './shutdown-signal';
export { takingTurnsSql } from './taking-turns-sql';
export type { TakingTurns } from './taking-turns-sql';
export { TaskRegistry } from './task-registry';
export { publicWorkerName } from './worker-identity';
export { LaneRegistry } from './work-lane';
export type { WorkLane } from './work-lane';
