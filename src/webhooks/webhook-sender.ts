import { Inject, Injectable } from '@nestjs/common';
import { request as httpRequest, IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';
import { Clock } from '../common/clock/clock';
import { UrlSafety } from '../common/url-safety';
import { webhookAttemptSpan } from '../observability';
import { RESPONSE_PREFIX_BYTES, responsePrefix } from './response-prefix';
import { parseRetryAfter } from './retry-schedule';
import { signWebhook, standardWebhookSignature } from './webhook-signature';

export interface WebhookRequest {
  url: string;
  secret: string;
  /** Old secrets still in their rotation's overlap: they sign webhook-signature too (not X-Service-Signature). */
  previousSecrets?: readonly string[];
  eventId: string;
  body: string;
}

/** What one attempt came to. `statusCode` is null when no answer came (refused, timed out, blocked). */
export interface AttemptResult {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  retryAfterMs?: number;
  /** The answer's first bytes as text (responsePrefix); absent when no answer came. */
  responsePrefix?: string;
}

export function isDelivered(result: Pick<AttemptResult, 'statusCode'>): boolean {
  return result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
}

/** Only so much of an error answer is worth keeping in the attempt log. */
const MAX_ERROR_CHARS = 200;
/**
 * How long a 2xx's body is read for its first bytes. The status decides the attempt: a receiver
 * that answered 2xx has the event, and one that then trickles or stalls its body must not have it
 * sent again (a retry would be a duplicate), so its answer is kept with what came by then.
 */
export const DELIVERED_BODY_GRACE_MS = 1000;

class AttemptTimeout extends Error {}

/**
 * Sends one signed webhook request: the side effect behind every attempt. node:http(s) rather than
 * fetch, for two reasons: the connection's address is checked when it is made (UrlSafety's
 * connectLookup; a name cannot pass the check and then resolve to a private address), and
 * redirects are never followed (a 3xx is a failed attempt). The whole attempt, DNS included, has
 * WEBHOOK_TIMEOUT_MS.
 */
@Injectable()
export class WebhookSender {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly urls: UrlSafety,
    private readonly clock: Clock,
  ) {}

  send(request: WebhookRequest, now: () => number = Date.now): Promise<AttemptResult> {
    return webhookAttemptSpan(request, () => this.attempt(request, now));
  }

  private async attempt(request: WebhookRequest, now: () => number): Promise<AttemptResult> {
    const started = now();
    const timeoutMs = this.config.webhooks.timeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>(
      (_, reject) => (timer = setTimeout(() => reject(new AttemptTimeout()), timeoutMs)),
    );
    let abort = (): void => undefined;
    try {
      const verdict = await Promise.race([this.urls.check(request.url), deadline]);
      if (!verdict.ok)
        return { statusCode: null, durationMs: now() - started, error: `Not sent: the URL ${verdict.reason}` };
      const exchange = this.post(request, now);
      abort = exchange.abort;
      const answer = await Promise.race([exchange.answer, deadline]);
      return { ...answer, durationMs: now() - started };
    } catch (error) {
      abort();
      return {
        statusCode: null,
        durationMs: now() - started,
        error: error instanceof AttemptTimeout ? `No answer within ${timeoutMs} ms` : describeFailure(error),
      };
    } finally {
      clearTimeout(timer);
    }
  }

  /** The POST itself; `abort` drops the connection (on the deadline). */
  private post(
    request: WebhookRequest,
    now: () => number,
  ): { answer: Promise<Omit<AttemptResult, 'durationMs'>>; abort(): void } {
    const url = new URL(request.url);
    const body = Buffer.from(request.body, 'utf8');
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    // The attempt's own time, signed into webhook-signature: a receiver refuses it when it is old (a replay).
    const timestamp = Math.floor(now() / 1000);
    let outgoing: ReturnType<typeof send> | undefined;
    const answer = new Promise<Omit<AttemptResult, 'durationMs'>>((resolve, reject) => {
      outgoing = send(
        url,
        {
          method: 'POST',
          lookup: this.urls.connectLookup(),
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': body.length,
            'User-Agent': 'SocialPublishingService-Webhooks/1',
            'X-Service-Signature': signWebhook(request.secret, body),
            'X-Service-Event-Id': request.eventId,
            'X-Service-Timestamp': String(timestamp),
            // Standard Webhooks (standardwebhooks.com): the id is the event's, the same on every retry.
            'webhook-id': request.eventId,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': standardWebhookSignature(
              [request.secret, ...(request.previousSecrets ?? [])],
              request.eventId,
              timestamp,
              body,
            ),
          },
        },
        (response) => answerOf(response, this.clock.now()).then(resolve, reject),
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
    return { answer, abort: () => outgoing?.destroy() };
  }
}

/**
 * The status, the answer's first bytes (RESPONSE_PREFIX_BYTES, kept with the attempt; the rest is
 * not read), and for a failure an error naming the first characters. Read within the attempt's
 * timeout, as the status is; a 2xx's for DELIVERED_BODY_GRACE_MS at most.
 */
function answerOf(response: IncomingMessage, now: Date): Promise<Omit<AttemptResult, 'durationMs'>> {
  const statusCode = response.statusCode ?? 0;
  const retryAfterMs = parseRetryAfter(headerValue(response.headers['retry-after']), now);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const grace = isDelivered({ statusCode }) ? setTimeout(() => done(), DELIVERED_BODY_GRACE_MS) : undefined;
    const done = () => {
      if (settled) return;
      settled = true;
      clearTimeout(grace);
      response.destroy();
      const prefix = responsePrefix(Buffer.concat(chunks));
      const error = isDelivered({ statusCode })
        ? null
        : `The receiver answered ${statusCode}${prefix ? `: ${prefix.slice(0, MAX_ERROR_CHARS)}` : ''}`;
      resolve({ statusCode, error, retryAfterMs, responsePrefix: prefix });
    };
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= RESPONSE_PREFIX_BYTES) done();
    });
    response.on('end', done);
    response.on('error', done);
  });
}

function headerValue(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

function describeFailure(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'EADDRFORBIDDEN') return 'Not sent: the URL resolves to a private or loopback address';
  if (code) return `Could not reach the receiver (${code})`;
  return `Could not reach the receiver: ${error instanceof Error ? error.message : String(error)}`;
}
