import { Injectable, Logger } from '@nestjs/common';
import { NetworkError } from '../networks';
import type { AppCredentials, NetworkAdapter, UserGrant } from '../networks';
import { ConnectAttempt } from './connect-attempt.entity';
import { PendingSessionsService } from './pending-sessions.service';
import { redirectWith } from './redirect-with';
import { withNetworkOperation } from '../observability';

/** Where the browser goes next: back to the customer's app, or (when we cannot tell where) an error page. */
export type CallbackOutcome =
  { kind: 'redirect'; url: string } | { kind: 'error_page'; status: number; message: string };

/** The page for a link that names no open attempt: nobody to send the user back to. */
export const INVALID_LINK =
  'This connection link is invalid, was already used, or has expired. Please start connecting again from the app.';

/** The page when the attempt itself cannot be read (the database is away): try again shortly. */
export const UNAVAILABLE_PAGE: CallbackOutcome = {
  kind: 'error_page',
  status: 503,
  message: 'The connection could not be completed right now. Please try again in a minute from the app.',
};

/**
 * The end of every connect flow, whichever way the user granted access (the network's consent
 * page and its callback, or the service's sign-in page): the accounts the grant reaches become a
 * pending session, and the browser goes back to the customer's app with it, or with a reason.
 */
@Injectable()
export class ConnectCompletion {
  private readonly logger = new Logger(ConnectCompletion.name);

  constructor(private readonly sessions: PendingSessionsService) {}

  /**
   * Back to the customer's redirect URL with `params`; clientState goes back on every redirect,
   * errors included, and under its old name client_state too for one more release.
   */
  back(attempt: ConnectAttempt, params: Record<string, string>): CallbackOutcome {
    const clientState: Record<string, string> =
      attempt.clientState === null ? {} : { clientState: attempt.clientState, client_state: attempt.clientState };
    return { kind: 'redirect', url: redirectWith(attempt.redirectUri, { ...params, ...clientState }) };
  }

  /** Gets the user's grant with `grant`, then finishes; whatever goes wrong, the user goes back to the app with a reason, never to a dead end. */
  async finish(
    attempt: ConnectAttempt,
    adapter: NetworkAdapter,
    app: AppCredentials,
    grant: () => Promise<UserGrant>,
  ): Promise<CallbackOutcome> {
    try {
      // The grant (a code exchanged, by the caller's callback) is an exchange; what it offers, accounts.
      const given = await withNetworkOperation('exchange', grant);
      const selectable = await withNetworkOperation('accounts', () => adapter.listSelectable(given, app));
      if (selectable.length === 0) {
        return this.back(attempt, {
          error: 'no_accounts',
          error_description: `This ${adapter.displayName} login has no account that can be connected`,
          network: adapter.id,
        });
      }
      const session = await this.sessions.create(attempt, selectable);
      return this.back(attempt, { session, network: adapter.id });
    } catch (error) {
      return this.failed(attempt, adapter, error);
    }
  }

  /** Back to the app with a plain reason for `error`; the details (hosts, codes) stay in our log. */
  failed(attempt: ConnectAttempt, adapter: NetworkAdapter, error: unknown): CallbackOutcome {
    if (error instanceof NetworkError) {
      this.logger.warn({
        msg: 'Connecting failed at the network',
        network: adapter.id,
        kind: error.kind,
        err: error.message,
      });
      return this.back(attempt, {
        error: 'network_error',
        error_description: `${adapter.displayName} ${isPassing(error) ? 'is not answering right now; please try again' : 'refused the connection'}`,
        network: adapter.id,
      });
    }
    this.logger.error({
      msg: 'Connecting failed',
      network: adapter.id,
      err: error instanceof Error ? error.message : String(error),
    });
    return this.back(attempt, {
      error: 'server_error',
      error_description: 'The connection could not be completed; please try again',
      network: adapter.id,
    });
  }
}

/** A failure that may pass if the user tries again in a while. */
export function isPassing(error: NetworkError): boolean {
  return error.kind === 'transient' || error.kind === 'rate_limited';
}
