import { Injectable, Logger } from '@nestjs/common';
import { AppCredentialsResolver } from '../networks';
import { NetworkError } from '../networks';
import { NetworkRegistry } from '../networks';
import { ConnectAttemptsService } from './connect-attempts.service';
import { callbackUrlFor } from './callback-url';
import { PendingSessionsService } from './pending-sessions.service';
import { redirectWith } from './redirect-with';

export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
}

/** Where the browser goes next: back to the customer's app, or (when we cannot tell where) an error page. */
export type CallbackOutcome =
  { kind: 'redirect'; url: string } | { kind: 'error_page'; status: number; message: string };

const INVALID_LINK =
  'This connection link is invalid, was already used, or has expired. Please start connecting again from the app.';

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
    private readonly sessions: PendingSessionsService,
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
      return {
        kind: 'error_page',
        status: 503,
        message: 'The connection could not be completed right now. Please try again in a minute from the app.',
      };
    }
    if (!consumed) return { kind: 'error_page', status: 400, message: INVALID_LINK };
    const { attempt, codeVerifier } = consumed;
    // client_state goes back on every redirect, errors included: the app matches it to its user either way.
    const clientState: Record<string, string> =
      attempt.clientState === null ? {} : { client_state: attempt.clientState };
    const back = (params: Record<string, string>) => ({
      kind: 'redirect' as const,
      url: redirectWith(attempt.redirectUri, { ...params, ...clientState }),
    });

    if (query.error || typeof query.code !== 'string' || !query.code) {
      return back({
        error: clean(query.error) || 'invalid_request',
        error_description:
          clean(query.error_description) ||
          (query.error ? 'The user did not grant access' : 'The network sent no authorization code'),
        network: adapter.id,
      });
    }
    try {
      const app = await this.apps.appFor(attempt.customerId, adapter);
      const callbackUrl = callbackUrlFor(publicUrl, adapter.id);
      const grant = await adapter.exchangeCode({ code: query.code, codeVerifier, callbackUrl, app });
      const selectable = await adapter.listSelectable(grant, app);
      if (selectable.length === 0) {
        return back({
          error: 'no_accounts',
          error_description: `This ${adapter.displayName} login has no account that can be connected`,
          network: adapter.id,
        });
      }
      const session = await this.sessions.create(attempt, selectable);
      return back({ session, network: adapter.id });
    } catch (error) {
      // Whatever went wrong, the user goes back to the app with a reason, never to a dead end.
      if (error instanceof NetworkError) {
        this.logger.warn({
          msg: 'Connecting failed at the network',
          network: adapter.id,
          kind: error.kind,
          err: error.message,
        });
        // The details (hosts, codes) stay in our log; the user's app gets a plain reason.
        const reason =
          error.kind === 'transient' || error.kind === 'rate_limited'
            ? 'is not answering right now; please try again'
            : 'refused the connection';
        return back({
          error: 'network_error',
          error_description: `${adapter.displayName} ${reason}`,
          network: adapter.id,
        });
      }
      this.logger.error({
        msg: 'Connecting failed',
        network: adapter.id,
        err: error instanceof Error ? error.message : String(error),
      });
      return back({
        error: 'server_error',
        error_description: 'The connection could not be completed; please try again',
        network: adapter.id,
      });
    }
  }
}

/** A value from the network's query string, shortened and reduced to printable text before we pass it on. */
function clean(value: unknown): string {
  return typeof value === 'string' ? value.replace(/[^\x20-\x7E]/g, '').slice(0, 300) : '';
}
