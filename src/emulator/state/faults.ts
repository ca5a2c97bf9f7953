export const FAULT_KINDS = [
  'token_expired',
  'token_revoked',
  'rate_limited',
  'container_error',
  'duplicate',
  'slow',
  'server_error',
  /** The call is carried out, then answered 500/503 as if it had failed: the answer is lost. */
  'answer_lost',
  /** X: the app's usage cap is used up (429 UsageCapExceeded) while its rate-limit window has room. */
  'usage_capped',
  /** Graph code 102 (API session): the login status or access token is no longer valid. */
  'session_invalid',
  /** Graph code 341 (application limit reached): throttling, to wait out. */
  'app_limit',
  /** Graph code 368 (temporarily blocked for policy violations): wait and retry. */
  'policy_block',
  /** Instagram media_publish answers subcode 2207053 (unknown upload error) and fails the container. */
  'upload_error',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** A misbehaviour injected for one page or profile (or every account of a network). */
export interface Fault {
  id: number;
  /** The id of the emulated network. */
  network: string;
  /** Undefined: every account of the network. */
  accountId?: string;
  kind: FaultKind;
  /** Calls still affected; undefined means until cleared. */
  remaining?: number;
  /** rate_limited: when access comes back (ms since epoch). */
  resetAt?: number;
  /** slow: how long each affected call waits before answering. */
  delayMs?: number;
  /** token_revoked on Graph: 460 (password changed) or 467 (invalidated). */
  subcode?: number;
  /** usage_capped: the period of the cap the app used up. */
  period?: 'Monthly' | 'Daily';
}

/** The (network, account) pairs a call acts for; a fault on any of them applies. */
export type CallSubjects = ReadonlyArray<{ network: string; accountId: string }>;

/** Injected faults, consumed call by call. */
export class FaultStore {
  private faults: Fault[] = [];
  private nextId = 1;

  add(fault: Omit<Fault, 'id'>): Fault {
    const saved = { ...fault, id: this.nextId++ };
    this.faults.push(saved);
    return saved;
  }

  list(): Fault[] {
    return this.faults.map((fault) => ({ ...fault }));
  }

  /** Removes faults matching the filter (all when it is empty); returns how many went. */
  clear(filter: { network?: string; accountId?: string } = {}): number {
    const before = this.faults.length;
    this.faults = this.faults.filter(
      (fault) =>
        (filter.network !== undefined && fault.network !== filter.network) ||
        (filter.accountId !== undefined && fault.accountId !== filter.accountId),
    );
    return before - this.faults.length;
  }

  /**
   * The faults that apply to this call, each counted as used once. `kinds` limits which kinds
   * the calling endpoint can express (container_error only means something to a container).
   */
  take(subjects: CallSubjects, kinds: readonly FaultKind[] = FAULT_KINDS): Fault[] {
    const applying = this.faults.filter(
      (fault) =>
        kinds.includes(fault.kind) &&
        subjects.some(
          (subject) =>
            subject.network === fault.network &&
            (fault.accountId === undefined || fault.accountId === subject.accountId),
        ),
    );
    for (const fault of applying) {
      if (fault.remaining !== undefined) fault.remaining -= 1;
    }
    this.faults = this.faults.filter((fault) => fault.remaining === undefined || fault.remaining > 0);
    return applying.map((fault) => ({ ...fault }));
  }

  /** Plain data for a world kept outside this process; the id counter goes too, so ids never repeat. */
  toJSON(): { faults: Fault[]; nextId: number } {
    return { faults: this.list(), nextId: this.nextId };
  }

  load(data: { faults: Fault[]; nextId: number }): void {
    this.faults = data.faults.map((fault) => ({ ...fault }));
    this.nextId = data.nextId;
  }
}
