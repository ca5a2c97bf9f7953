import type { ContractViolation } from '../../contracts';

/** Enough to show what went wrong in a test; a long-running sandbox keeps only the newest. */
const KEPT = 200;
const recorded: ContractViolation[] = [];

/**
 * Every request the emulator received outside the networks' published contracts, and every answer
 * it gave outside them, in this process. The e2e suite takes them after each test and fails the
 * test that caused one (test/support/contract-violations.ts); a test that sends one on purpose takes
 * it itself.
 */
export const contractLog = {
  record(violations: readonly ContractViolation[]): void {
    recorded.push(...violations);
    if (recorded.length > KEPT) recorded.splice(0, recorded.length - KEPT);
  },

  /** The violations recorded since the last take, oldest first; the log is emptied. */
  take(): ContractViolation[] {
    return recorded.splice(0, recorded.length);
  },
};
