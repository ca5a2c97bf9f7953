import { Injectable, Logger } from '@nestjs/common';
import { AppCredentialsResolver, NetworkError, NetworkRegistry } from '../networks';
import type { NetworkAdapter, PasswordSignIn, UserGrant } from '../networks';
import { ConnectAttemptsService } from './connect-attempts.service';
import { ConnectCompletion, INVALID_LINK, isPassing, UNAVAILABLE_PAGE } from './connect-completion';
import type { CallbackOutcome } from './connect-completion';
import { withNetworkOperation } from '../observability';

/** The sign-in form as a page shows it: the network's words, the attempt's state, and why the last try failed. */
export interface SignInForm {
  networkName: string;
  state: string;
  signIn: Omit<PasswordSignIn, 'signIn'>;
  /** The identifier typed last (never the password), so a wrong password need not mean typing both again. */
  identifier: string;
  problem?: string;
}

export type SignInOutcome = CallbackOutcome | { kind: 'form'; form: SignInForm };

/** What the page's form posts: the attempt's state, the two fields, or `cancel`. */
export interface SignInSubmission {
  state?: unknown;
  identifier?: unknown;
  password?: unknown;
  cancel?: unknown;
}

const MAX_FIELD = 300;

/**
 * The service's own sign-in page, for a network whose users give apps a password the network
 * issues for them (Bluesky's app passwords) rather than consenting on a network page. auth-url
 * sends the user here; a right password finishes the flow exactly as a network's callback does
 * (a pending session, back to the customer's app), a wrong one shows the form again, a few times
 * per attempt. The password goes to the network and nowhere else: never stored, never logged.
 */
@Injectable()
export class PasswordSignInService {
  private readonly logger = new Logger(PasswordSignInService.name);

  constructor(
    private readonly networks: NetworkRegistry,
    private readonly attempts: ConnectAttemptsService,
    private readonly completion: ConnectCompletion,
    private readonly apps: AppCredentialsResolver,
  ) {}

  /** The form for an open attempt, or the invalid-link page. */
  async page(networkName: string, state: unknown): Promise<SignInOutcome> {
    const found = this.signInNetwork(networkName);
    if (!found || typeof state !== 'string') return invalidLink();
    try {
      if (!(await this.attempts.isUsable(state, found.adapter.id))) return invalidLink();
    } catch (error) {
      return this.unavailable(error);
    }
    return { kind: 'form', form: formOf(found, state, '') };
  }

  async submit(networkName: string, body: SignInSubmission): Promise<SignInOutcome> {
    const found = this.signInNetwork(networkName);
    if (!found || typeof body.state !== 'string') return invalidLink();
    const { adapter } = found;
    const state = body.state;
    if (body.cancel !== undefined) return this.endWith(adapter, state, 'access_denied', 'The user did not sign in');
    const identifier = field(body.identifier);
    const password = field(body.password);
    if (!identifier || !password) {
      const usable = await this.attempts.isUsable(state, adapter.id).catch(() => false);
      if (!usable) return invalidLink();
      return { kind: 'form', form: formOf(found, state, identifier, `Enter your ${words(found.signIn)}.`) };
    }
    let taken;
    try {
      taken = await this.attempts.takeSignInTry(state, adapter.id);
    } catch (error) {
      return this.unavailable(error);
    }
    if (taken.kind === 'unusable') return invalidLink();
    if (taken.kind === 'exhausted')
      return this.endWith(adapter, state, 'access_denied', 'Too many sign-in attempts; please start connecting again');

    let grant: UserGrant;
    try {
      const app = await this.apps.appFor(taken.customerId, adapter);
      grant = await withNetworkOperation('exchange', () => found.signIn.signIn({ identifier, password }, app));
    } catch (error) {
      if (!(error instanceof NetworkError)) return this.endWithFailure(adapter, state, error);
      this.logger.warn({ msg: 'Signing in at the network failed', network: adapter.id, kind: error.kind });
      const problem = isPassing(error)
        ? `${adapter.displayName} is not answering right now; please try again in a moment.`
        : `${adapter.displayName} did not accept that ${words(found.signIn)}.`;
      if (taken.triesLeft === 0 && !isPassing(error))
        return this.endWith(
          adapter,
          state,
          'access_denied',
          'Too many sign-in attempts; please start connecting again',
        );
      return { kind: 'form', form: formOf(found, state, identifier, problem) };
    }
    return this.finishWith(adapter, state, grant);
  }

  /** The network behind a sign-in page: installed and signing in with a password. */
  private signInNetwork(name: string): { adapter: NetworkAdapter; signIn: PasswordSignIn } | undefined {
    const adapter = this.networks.find(name);
    return adapter?.passwordSignIn ? { adapter, signIn: adapter.passwordSignIn } : undefined;
  }

  /** Uses the attempt up and finishes the flow with the grant (a pending session, back to the app). */
  private async finishWith(adapter: NetworkAdapter, state: string, grant: UserGrant): Promise<SignInOutcome> {
    const consumed = await this.consume(adapter, state);
    if (consumed.kind !== 'consumed') return consumed.outcome;
    const app = await this.apps.appFor(consumed.attempt.customerId, adapter);
    return this.completion.finish(consumed.attempt, adapter, app, async () => grant);
  }

  /** Uses the attempt up and sends the user back to the app with an error. */
  private async endWith(
    adapter: NetworkAdapter,
    state: string,
    error: string,
    description: string,
  ): Promise<SignInOutcome> {
    const consumed = await this.consume(adapter, state);
    if (consumed.kind !== 'consumed') return consumed.outcome;
    return this.completion.back(consumed.attempt, { error, error_description: description, network: adapter.id });
  }

  private async endWithFailure(adapter: NetworkAdapter, state: string, failure: unknown): Promise<SignInOutcome> {
    const consumed = await this.consume(adapter, state);
    if (consumed.kind !== 'consumed') return consumed.outcome;
    return this.completion.failed(consumed.attempt, adapter, failure);
  }

  private async consume(adapter: NetworkAdapter, state: string) {
    try {
      const consumed = await this.attempts.consume(state, adapter.id);
      if (!consumed) return { kind: 'done' as const, outcome: invalidLink() };
      return { kind: 'consumed' as const, attempt: consumed.attempt };
    } catch (error) {
      return { kind: 'done' as const, outcome: this.unavailable(error) };
    }
  }

  private unavailable(error: unknown): CallbackOutcome {
    this.logger.error({
      msg: 'Reading the connect attempt failed',
      err: error instanceof Error ? error.message : String(error),
    });
    return UNAVAILABLE_PAGE;
  }
}

function invalidLink(): CallbackOutcome {
  return { kind: 'error_page', status: 400, message: INVALID_LINK };
}

function formOf(
  found: { adapter: NetworkAdapter; signIn: PasswordSignIn },
  state: string,
  identifier: string,
  problem?: string,
): SignInForm {
  const { signIn: _signIn, ...words } = found.signIn;
  return { networkName: found.adapter.displayName, state, signIn: words, identifier, problem };
}

function words(signIn: Omit<PasswordSignIn, 'signIn'>): string {
  return `${signIn.identifierLabel.toLowerCase()} and ${signIn.passwordLabel.toLowerCase()}`;
}

/** A form field as text: one value, trimmed, bounded (anything else is treated as empty). */
function field(value: unknown): string {
  return typeof value === 'string' && value.length <= MAX_FIELD ? value.trim() : '';
}
