import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { UrlSafety } from '../common/url-safety';
import { parseRetryAfter } from './retry-schedule';
import { signWebhook } from './webhook-signature';

export interface WebhookRequest {
  url: string;
  secret: string;
  eventId: string;
  body: string;
}

/** What one attempt came to. `statusCode` is absent when no answer came (refused, timed out, blocked). */
export interface AttemptResult {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  retryAfterMs?: number;
}

/** Only so much of an error answer is worth keeping in the attempt log. */
const MAX_ERROR_CHARS = 200;

/**
 * Sends one signed webhook request: the side effect behind every attempt. No redirects are
 * followed (a 3xx is a failed attempt), the whole exchange has WEBHOOK_TIMEOUT_MS, and the URL is
 * checked again (a name may have come to resolve to a private address since it was set).
 */
@Injectable()
export class WebhookSender {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly urls: UrlSafety,
  ) {}

  async send(request: WebhookRequest, now: () => number = Date.now): Promise<AttemptResult> {
    const started = now();
    const verdict = await this.urls.check(request.url);
    if (!verdict.ok) return { statusCode: null, durationMs: now() - started, error: `Not sent: the URL ${verdict.reason}` };
    try {
      const response = await fetch(request.url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(this.config.webhooks.timeoutMs),
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'SocialPublishingService-Webhooks/1',
          'X-Service-Signature': signWebhook(request.secret, request.body),
          'X-Service-Event-Id': request.eventId,
          'X-Service-Timestamp': String(Math.floor(Date.now() / 1000)),
        },
        body: request.body,
      });
      const ok = response.status >= 200 && response.status < 300;
      const text = ok ? '' : (await response.text().catch(() => '')).slice(0, MAX_ERROR_CHARS);
      if (ok) await response.body?.cancel().catch(() => undefined);
      return {
        statusCode: response.status,
        durationMs: now() - started,
        error: ok ? null : `The receiver answered ${response.status}${text ? `: ${text}` : ''}`,
        retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), new Date()),
      };
    } catch (error) {
      return { statusCode: null, durationMs: now() - started, error: describeFailure(error, this.config.webhooks.timeoutMs) };
    }
  }
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return `No answer within ${timeoutMs} ms`;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code) return `Could not reach the receiver (${cause.code})`;
  return `Could not reach the receiver: ${error instanceof Error ? error.message : String(error)}`;
}
