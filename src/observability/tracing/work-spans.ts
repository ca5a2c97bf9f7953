import { Span, SpanKind } from '@opentelemetry/api';
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_SERVER_ADDRESS,
} from '@opentelemetry/semantic-conventions';
import { failSpan, inSpan } from './spans';

/** What a delivery attempt's span names: our ids (never a customer's or a tenant's), the network, the attempt. */
export interface DeliveryAttempt {
  deliveryId: string;
  postId: string;
  network: string;
  /** Counting this one. */
  attempt: number;
  /** The previous attempt died mid-call: this one looks on the network first. */
  resuming: boolean;
  /** The traceparent stored with the post by the request that made it (null: made untraced). */
  traceParent: string | null;
}

/**
 * The span of one attempt to publish a delivery (the publish task, on whichever worker claimed
 * it): a CHILD of the span of the request that made its post, read from the traceparent stored
 * with the post, so that one trace holds POST /posts, each attempt and each of its network calls,
 * whichever process or machine made them. A child rather than a link: the attempt is the direct
 * consequence of that one request (one message, one consumer), which the messaging conventions
 * allow as a parent, and only a parent puts both in one trace, which is what a reader follows.
 * What it costs: a scheduled or retried post's trace lasts until its last attempt.
 */
export function deliveryAttemptSpan<T>(attempt: DeliveryAttempt, work: () => Promise<T>): Promise<T> {
  return inSpan(
    () => ({
      name: 'publish delivery',
      kind: SpanKind.CONSUMER,
      parent: attempt.traceParent,
      attributes: {
        'sps.delivery.id': attempt.deliveryId,
        'sps.post.id': attempt.postId,
        'sps.network': attempt.network,
        'sps.delivery.attempt': attempt.attempt,
        'sps.delivery.resuming': attempt.resuming,
      },
    }),
    work,
  );
}

/** One webhook attempt's answer, as far as its span tells it: the status, or null when none came. */
export interface WebhookAnswer {
  statusCode: number | null;
}

/**
 * The span of one attempt to deliver an event to a customer's receiver: the event's id, the
 * receiver's host (never its path or query, which a customer may put a secret in), the status. An
 * answer other than 2xx, or none, marks it failed (`error.type` the status, or `no_answer`).
 */
export function webhookAttemptSpan<T extends WebhookAnswer>(
  webhook: { eventId: string; url: string },
  send: () => Promise<T>,
): Promise<T> {
  return inSpan(
    () => ({
      name: 'POST webhook',
      kind: SpanKind.CLIENT,
      attributes: {
        'sps.event.id': webhook.eventId,
        [ATTR_HTTP_REQUEST_METHOD]: 'POST',
        [ATTR_SERVER_ADDRESS]: hostOf(webhook.url),
      },
    }),
    async (span: Span) => {
      const answer = await send();
      if (answer.statusCode !== null) span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, answer.statusCode);
      if (answer.statusCode === null || answer.statusCode < 200 || answer.statusCode >= 300)
        failSpan(span, answer.statusCode === null ? 'no_answer' : String(answer.statusCode));
      return answer;
    },
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return 'invalid';
  }
}

/**
 * The span of one round of a periodic task that this instance claimed (a scan, or the queuing of a
 * purge job): the rounds other instances took make none.
 */
export function periodicTaskSpan<T>(task: string, work: () => Promise<T>): Promise<T> {
  return inSpan(() => ({ name: `periodic ${task}`, attributes: { 'sps.task': task } }), work);
}

/**
 * The span of one background job a worker runs from the job queue (a token refresh, a metrics
 * read, a comment scan, a purge): the task's name and the job's attempt, never its payload. The
 * network calls the job makes are its children. A job queued by a periodic round is a root of its
 * own: it may run much later, on another worker.
 */
export function backgroundJobSpan<T>(job: { task: string; attempt: number }, work: () => Promise<T>): Promise<T> {
  return inSpan(
    () => ({
      name: `job ${job.task}`,
      kind: SpanKind.CONSUMER,
      attributes: { 'sps.task': job.task, 'sps.job.attempt': job.attempt },
    }),
    work,
  );
}
