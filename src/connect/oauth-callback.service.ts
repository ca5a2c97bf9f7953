import { Injectable, Logger } from '@nestjs/common';
import { AppCredentialsResolver } from '../networks';
import { NetworkRegistry } from '../networks';
import { ConnectAttemptsService } from './connect-attempts.service';
import { callbackUrlFor } from './callback-url';
import { ConnectCompletion, INVALID_LINK, UNAVAILABLE_PAGE } from './connect-completion';
import type { CallbackOutcome } from './connect-completion';

export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
  /** The authorization server that answers (RFC 9207), where the network says it (atproto OAuth). */
  iss?: string;
}

/**
 * The network sends the browser back here after consent. A valid state names the attempt (and so
 * the customer's redirect URL); without one nothing is trusted and nobody is redirected.
 */
@Injectable()
export class OAuthCallbackService {
  private readonly logger = new Logger(OAuthCallbackService.name);

  constructor(
    private readonly networks: NetworkRegistry,
    private readonly attempts: ConnectAttemptsService,
    private readonly completion: ConnectCompletion,
    private readonly apps: AppCredentialsResolver,
  ) {}

  async handle(networkName: string, query: CallbackQuery, publicUrl: string): Promise<CallbackOutcome> {
    const adapter = this.networks.find(networkName);
    if (!adapter || typeof query.state !== 'string') return { kind: 'error_page', status: 400, message: INVALID_LINK };
    let consumed;
    try {
      consumed = await this.attempts.consume(query.state, adapter.id);
    } catch (error) {
      // Without the attempt we do not know where the user came from: an error page, never a dead JSON answer.
      this.logger.error({
        msg: 'Reading the connect attempt failed',
        err: error instanceof Error ? error.message : String(error),
      });
      return UNAVAILABLE_PAGE;
    }
    if (!consumed) return { kind: 'error_page', status: 400, message: INVALID_LINK };
    const { attempt, codeVerifier, attemptSecret, adapterState } = consumed;
    if (query.error || typeof query.code !== 'string' || !query.code) {
      return this.completion.back(attempt, {
        error: clean(query.error) || 'invalid_request',
        error_description:
          clean(query.error_description) ||
          (query.error ? 'The user did not grant access' : 'The network sent no authorization code'),
        network: adapter.id,
      });
    }
    const code = query.code;
    let app;
    try {
      app = await this.apps.appFor(attempt.customerId, adapter);
    } catch (error) {
      return this.completion.failed(attempt, adapter, error);
    }
    const callbackUrl = callbackUrlFor(publicUrl, adapter.id);
    const callbackParams: Record<string, string> = typeof query.iss === 'string' ? { iss: query.iss } : {};
    return this.completion.finish(attempt, adapter, app, () =>
      adapter.exchangeCode({ code, codeVerifier, callbackUrl, app, attemptSecret, callbackParams, adapterState }),
    );
  }
}

/** A value from the network's query string, shortened and reduced to printable text before we pass it on. */
function clean(value: unknown): string {
  return typeof value === 'string' ? value.replace(/[^\x20-\x7E]/g, '').slice(0, 300) : '';
}
