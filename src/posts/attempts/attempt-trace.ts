import { AsyncLocalStorage } from 'node:async_hooks';
import { newId } from '../../common/ids';
import { withNetworkCallLog } from '../../observability';
import type { LoggedNetworkCall, NetworkCallLog } from '../../observability';
import type { PublishProgress } from '../../networks';

/** How an attempt ended. */
export const ATTEMPT_OUTCOMES = ['published', 'failed', 'retry_later'] as const;
export type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];

/**
 * Why the delivery waits before its next attempt: the network's rate-limit window (`rate_limit`),
 * a usage cap or quota (`usage_cap`), the network still processing a container or a video
 * (`processing`), a backoff after the network's trouble (`backoff`), or after our own (`own_error`).
 */
export const WAIT_REASONS = ['rate_limit', 'usage_cap', 'processing', 'backoff', 'own_error'] as const;
export type WaitReason = (typeof WAIT_REASONS)[number];

/** A step the network confirmed, saved before the next call (the adapter's progress): which of its fields changed. */
export interface ReachedCheckpoint {
  at: Date;
  saved: string[];
}

/** What the attempt ended with: written with the delivery's new state. */
export interface AttemptEnd {
  outcome: AttemptOutcome;
  errorCode?: string | null;
  errorMessage?: string | null;
  waitReason?: WaitReason | null;
  nextAttemptAt?: Date | null;
  /** The network's own reset time for a rate limit or a cap, when it said one. */
  networkResetAt?: Date | null;
}

/** One attempt's row, as written (see AttemptRowsSql). */
export interface AttemptRow extends Required<AttemptEnd> {
  id: string;
  deliveryId: string;
  number: number;
  workerId: string;
  resuming: boolean;
  startedAt: Date;
  endedAt: Date;
  calls: LoggedNetworkCall[];
  checkpoints: ReachedCheckpoint[];
}

/** What is known when an attempt begins. */
export interface AttemptStart {
  deliveryId: string;
  /** The delivery's attempt count with this one. */
  number: number;
  workerId: string;
  resuming: boolean;
  startedAt: Date;
  progress: PublishProgress;
}

/** Calls and checkpoints kept per attempt (a long thread's uploads); more are counted, not kept. */
export const MAX_CALLS_PER_ATTEMPT = 100;
export const MAX_CHECKPOINTS_PER_ATTEMPT = 50;

const current = new AsyncLocalStorage<AttemptTrace>();

/**
 * One publish attempt's trace, collected in memory while it runs (the network calls through
 * withNetworkCallLog, the checkpoints as they are saved) and turned into its row once, at the end,
 * so the row goes out in the statement or transaction that writes the delivery's new state: no
 * extra round trip per delivery. An attempt whose worker died writes nothing; the read says so.
 */
export class AttemptTrace implements NetworkCallLog {
  private readonly calls: LoggedNetworkCall[] = [];
  private readonly checkpoints: ReachedCheckpoint[] = [];
  /** The progress last saved, each field as JSON (a snapshot: an adapter may change its object after saving it). */
  private saved: Record<string, string>;
  private ended = false;
  /** The monotonic clock at the start: the end is the start plus the time it took. */
  private readonly began = performance.now();

  constructor(private readonly start: AttemptStart) {
    this.saved = asJsonFields(start.progress ?? {});
  }

  get deliveryId(): string {
    return this.start.deliveryId;
  }

  /** Runs the attempt with this trace current (see currentAttemptTrace) and its network calls logged here. */
  run<T>(work: () => Promise<T>): Promise<T> {
    return current.run(this, () => withNetworkCallLog(this, work));
  }

  add(call: LoggedNetworkCall): void {
    if (this.calls.length < MAX_CALLS_PER_ATTEMPT) this.calls.push(call);
  }

  /** The adapter saved `progress`: the fields that changed are the step reached. */
  reached(progress: PublishProgress): void {
    const at = this.elapsed();
    const fields = asJsonFields(progress);
    const saved = Object.keys(fields).filter((key) => fields[key] !== this.saved[key]);
    this.saved = fields;
    if (saved.length && this.checkpoints.length < MAX_CHECKPOINTS_PER_ATTEMPT) this.checkpoints.push({ at, saved });
  }

  /** The attempt's row, the first time only (undefined after: one row per attempt). */
  end(end: AttemptEnd): AttemptRow | undefined {
    if (this.ended) return undefined;
    this.ended = true;
    const endedAt = this.elapsed();
    const { progress: _progress, ...start } = this.start;
    return {
      id: newId('deliveryAttempt'),
      ...start,
      endedAt,
      outcome: end.outcome,
      errorCode: end.errorCode ?? null,
      errorMessage: end.errorMessage ?? null,
      waitReason: end.waitReason ?? null,
      nextAttemptAt: end.nextAttemptAt ?? null,
      networkResetAt: end.networkResetAt ?? null,
      calls: [...this.calls],
      checkpoints: [...this.checkpoints],
    };
  }

  private elapsed(): Date {
    return new Date(this.start.startedAt.getTime() + Math.round(performance.now() - this.began));
  }
}

function asJsonFields(progress: PublishProgress): Record<string, string> {
  return Object.fromEntries(Object.entries(progress).map(([key, value]) => [key, JSON.stringify(value) ?? '']));
}

/** The trace of the attempt running now, if any (the delivery's statements add its row to theirs). */
export function currentAttemptTrace(): AttemptTrace | undefined {
  return current.getStore();
}
