/**
 * This worker no longer holds the claim it works under: it was let go as if the worker were dead
 * (its heartbeats did not reach the database for WORKER_DEAD_AFTER_MS) and the work may already
 * be in another worker's hands. The work stops where it is, before its next call to a network,
 * and records nothing more: the new holder resumes it.
 */
export class LostClaimError extends Error {
  constructor(what: string) {
    super(`${what}: this worker's claim was let go (it was taken for dead); another worker carries on`);
    this.name = 'LostClaimError';
  }
}
