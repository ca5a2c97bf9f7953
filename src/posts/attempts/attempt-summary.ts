import type { LoggedNetworkCall } from '../../observability';
import type { AttemptOutcome, WaitReason } from './attempt-trace';

/** What the summary of one attempt is written from. */
export interface SummaryFacts {
  number: number;
  resuming: boolean;
  outcome: AttemptOutcome;
  errorCode: string | null;
  errorMessage: string | null;
  waitReason: WaitReason | null;
  nextAttemptAt: Date | null;
  networkResetAt: Date | null;
  calls: Pick<LoggedNetworkCall, 'status'>[];
  checkpoints: { saved: string[] }[];
  unfinishedBefore: number;
}

/** A time as people read it in a log: to the second, in UTC. */
export function readableTime(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The message without its closing full stop (the sentence adds its own). */
function clause(message: string | null): string {
  return (message ?? '').trim().replace(/[.\s]+$/, '');
}

/**
 * One attempt in plain words, for a customer's support engineer reading a delivery's history: what
 * happened before it (attempts that left no trace), what it did (the calls, the steps the network
 * confirmed), how it ended, and, when the delivery waits, why and until when.
 */
export function attemptSummary(facts: SummaryFacts): string {
  const sentences: string[] = [];
  if (facts.unfinishedBefore > 0)
    sentences.push(
      facts.unfinishedBefore === 1
        ? 'The previous attempt did not finish: its worker stopped before recording an outcome.'
        : `${facts.unfinishedBefore} earlier attempts did not finish: their workers stopped before recording an outcome.`,
    );
  sentences.push(`${didWhat(facts)} ${endedHow(facts)}`);
  return sentences.join(' ');
}

/** "Attempt 2 looked on the network first …, made 3 network calls (1 answered with an error), saved 2 steps, and" */
function didWhat({ number, resuming, calls, checkpoints }: SummaryFacts): string {
  const steps: string[] = [];
  if (resuming) steps.push('looked on the network first for a post an earlier attempt may have made');
  const refused = calls.filter((call) => call.status === null || call.status >= 400).length;
  steps.push(
    calls.length === 0
      ? 'made no network call'
      : `made ${plural(calls.length, 'network call')}` +
          (refused ? ` (${refused} answered with an error or not at all)` : ''),
  );
  if (checkpoints.length) steps.push(`saved ${plural(checkpoints.length, 'step')} the network confirmed`);
  const list = steps.length === 1 ? steps[0] : `${steps.slice(0, -1).join(', ')} and ${steps[steps.length - 1]}`;
  return `Attempt ${number} ${list},`;
}

function endedHow(facts: SummaryFacts): string {
  if (facts.outcome === 'published') return 'and published the post.';
  if (facts.outcome === 'failed')
    return `and failed for good (${facts.errorCode ?? 'unknown'}): ${clause(facts.errorMessage)}.`;
  const due = facts.nextAttemptAt ? readableTime(facts.nextAttemptAt) : 'later';
  switch (facts.waitReason) {
    case 'rate_limit':
      return facts.networkResetAt
        ? `and hit the network's rate limit, which resets at ${readableTime(facts.networkResetAt)}: the next attempt waits for it (due ${due}).`
        : `and hit the network's rate limit: the next attempt waits for it (due ${due}).`;
    case 'usage_cap':
      return `and reached the usage cap of the account's network for the period: the next attempt waits for the period to end (due ${due}).`;
    case 'processing':
      return `and the network is still processing the media: it looks again at ${due}.`;
    case 'backoff':
      return `and the network had trouble (${clause(facts.errorMessage)}): it tries again after a backoff, at ${due}.`;
    case 'own_error':
      return `and stopped on an error of our own (not the network's): it tries again at ${due}.`;
    default:
      return `and will be tried again at ${due}.`;
  }
}
