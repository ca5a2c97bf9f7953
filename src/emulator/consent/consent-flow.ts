import { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBase62 } from '../../common/ids';
import { Params, requestParams } from '../http/request-params';
import type { OpenApiContract } from '../../contracts';
import { contractLog } from '../contracts/contract-log';
import { requestPath } from '../http/public-url';
import { EmulatorState } from '../state/emulator-state';
import { TestUser } from '../state/test-users';
import { ConsentPageError, ConsentSubject, renderConsentPage } from './consent-page';
import { AuthorizeRules, ConsentRequest, parseAuthorizeRequest } from './consent-request';

/** How one network's authorize page behaves: what it asks (its rules) and what it shows (the subject). */
export interface ConsentNetwork {
  title: string;
  rules: AuthorizeRules;
  codeLifetimeMs: number;
  codePrefix: string;
  /** What the user would share; undefined when the user has nothing on this network. */
  subject(user: TestUser): ConsentSubject | undefined;
  /** Writes the approval into the redirect URL. */
  approve(redirect: URL, code: string, state: string): void;
  /** Writes the refusal into the redirect URL. */
  deny(redirect: URL, state: string): void;
  /** The network's published description of its authorize page, which the page's requests are checked against. */
  contract?: () => OpenApiContract;
  /**
   * A network whose authorize page takes only pushed authorization requests (RFC 9126: atproto
   * OAuth): the authorize parameters from what was pushed (the page's `client_id` and `request_uri`,
   * or the form the page posts back), in the world's state; throws ConsentPageError to refuse.
   */
  pushedRequest?(state: EmulatorState, params: Params, method: string): Params;
}

/** The emulator's own parameters (emulator_auto, emulator_user, emulator_decline) are not the network's. */
function networkParams(params: Params): Record<string, string> {
  return Object.fromEntries(Object.entries(params).filter(([name]) => !name.startsWith('emulator_')));
}

function redirectTo(reply: FastifyReply, redirectUri: string, write: (url: URL) => void): FastifyReply {
  const url = new URL(redirectUri);
  write(url);
  return reply.header('Cache-Control', 'no-store').redirect(url.toString(), 302);
}

function issueCode(state: EmulatorState, network: ConsentNetwork, request: ConsentRequest, user: TestUser): string {
  const now = state.now();
  const value = `${network.codePrefix}${randomBase62(48)}${state.credentialSuffix}`;
  state.credentials.saveCode({
    value,
    network: request.network,
    clientId: request.clientId,
    redirectUri: request.redirectUri,
    userId: user.id,
    scopes: request.scopes.filter((scope) => !request.declined.includes(scope)),
    codeChallenge: request.codeChallenge,
    ...(Object.keys(request.kept).length ? { kept: request.kept } : {}),
    issuedAt: now,
    expiresAt: now + network.codeLifetimeMs,
    used: false,
  });
  return value;
}

/**
 * The authorize URL of a network: GET shows the consent page, the page's form POSTs the decision
 * back here, and the browser is redirected to redirect_uri. `emulator_auto=approve|deny` decides
 * without a page; `emulator_user=<id>` picks the test user (default: the first);
 * `emulator_decline=a,b` declines some of the permissions asked, as Facebook's and Instagram's
 * dialogs let a user do.
 */
export function registerConsentRoute(
  fastify: FastifyInstance,
  networkId: string,
  network: ConsentNetwork & { path: string },
  state: EmulatorState,
  registeredRedirectPrefix?: string,
  /** Whether the authorize request's state is one this page may serve (a test world's: a connect attempt the service started). */
  sessionGate: (oauthState: string) => Promise<boolean> = async () => true,
): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = network.pushedRequest
      ? network.pushedRequest(state, requestParams(request), request.method)
      : requestParams(request);
    // The service's redirect is checked, not the consent page's own form, which posts back here.
    if (request.method === 'GET' && network.contract)
      contractLog.record(
        network.contract().checkRequest({ method: 'GET', path: network.path, query: networkParams(params) }),
      );
    const parsed = parseAuthorizeRequest(
      networkId,
      params,
      network.rules,
      (clientId, configId) => state.apps.loginConfiguration(clientId, configId)?.permissions,
    );
    if (!parsed.ok) throw new ConsentPageError(network.title, parsed.problem);
    const consent = parsed.request;
    // Like the real networks, send the browser only to a redirect URI registered for the app (the
    // service's own callbacks); anything else would make the emulator an open redirect.
    if (registeredRedirectPrefix && !consent.redirectUri.startsWith(registeredRedirectPrefix)) {
      throw new ConsentPageError(
        network.title,
        "URL blocked: the redirect_uri is not registered in the app's settings.",
      );
    }
    if (!(await sessionGate(consent.state))) {
      throw new ConsentPageError(
        network.title,
        'This login was not started by the service for this sandbox (unknown, used or expired state).',
        403,
      );
    }
    const user = state.findUser(params.emulator_user);
    if (!user) throw new ConsentPageError(network.title, `There is no test user "${params.emulator_user}".`);
    const subject = network.subject(user);
    if (!subject)
      throw new ConsentPageError(network.title, `The test user ${user.name} has no ${network.title} account to share.`);

    const decision = request.method === 'POST' ? params.decision : params.emulator_auto;
    if (decision === undefined) {
      const page = renderConsentPage({
        networkTitle: network.title,
        request: consent,
        user,
        otherUsers: state.listUsers(),
        subject,
        action: requestPath(request),
      });
      return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(page);
    }
    if (decision === 'approve') {
      const code = issueCode(state, network, consent, user);
      return redirectTo(reply, consent.redirectUri, (url) => network.approve(url, code, consent.state));
    }
    if (decision === 'deny') return redirectTo(reply, consent.redirectUri, (url) => network.deny(url, consent.state));
    throw new ConsentPageError(network.title, 'The decision must be "approve" or "deny".');
  };
  fastify.get(network.path, handler);
  fastify.post(network.path, handler);
}
