import type { AnswerViolation } from './api-answer-checker';

/** Enough to show what went wrong in a test. */
const KEPT = 200;
const recorded: AnswerViolation[] = [];

/**
 * Every answer of the service outside its own OpenAPI document, in this process (recorded by the
 * test app's hook, api-answer-hook.ts). The e2e suite takes them after each test and fails the test
 * that caused one (api-answer-violations.ts).
 */
export const apiAnswerLog = {
  record(violations: readonly AnswerViolation[]): void {
    recorded.push(...violations);
    if (recorded.length > KEPT) recorded.splice(0, recorded.length - KEPT);
  },

  /** The violations recorded since the last take, oldest first; the log is emptied. */
  take(): AnswerViolation[] {
    return recorded.splice(0, recorded.length);
  },
};
