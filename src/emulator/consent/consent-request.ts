import { Params } from '../http/request-params';

/** A validated authorize request: what the user is asked to consent to, and where to go after. */
export interface ConsentRequest {
  /** The id of the emulated network asked. */
  network: string;
  clientId: string;
  redirectUri: string;
  state: string;
  scopes: string[];
  /** Asked for but declined by the user (`emulator_decline`): the code grants `scopes` without these. */
  declined: string[];
  /** X: the PKCE S256 challenge. */
  codeChallenge?: string;
  /** The authorize parameters as received, echoed into the consent form. */
  original: Record<string, string>;
  /** The network's own authorize parameters it keeps with the code (`AuthorizeRules.keptParams`): Google's access_type and prompt. */
  kept: Record<string, string>;
}

export type ParsedConsent = { ok: true; request: ConsentRequest } | { ok: false; problem: string };

export interface AuthorizeRules {
  /** How the network separates scopes (Facebook and Instagram: comma; X: space). */
  scopeSeparator: RegExp;
  knownScopes: ReadonlySet<string>;
  /** Facebook defaults response_type to `code`; the others require it. */
  responseTypeOptional: boolean;
  /** X: PKCE parameters are required. TikTok: `optional` (a web app may send them; when sent, they bind the code). */
  pkce: boolean | 'optional';
  /** The parameter naming the app, where it is not `client_id` (TikTok's `client_key`). */
  clientIdParam?: string;
  /** The user may decline some of the permissions asked (Facebook, Instagram); X grants all or none. */
  granular: boolean;
  /** Facebook Login for Business: `config_id` names a configuration of the app that decides the permissions asked. */
  loginConfigurations?: boolean;
  /**
   * Authorize parameters of the network's own that decide what the code's exchange answers (Google:
   * `access_type=offline` asks for a refresh token, `prompt=consent` asks again): echoed through the
   * consent form and kept with the code (`IssuedCode.kept`).
   */
  keptParams?: readonly string[];
}

/** The permissions of an app's login configuration, or undefined when the app has none with that id. */
export type ConfigurationLookup = (clientId: string, configId: string) => readonly string[] | undefined;

/** Authorize parameters echoed into the consent form, so its POST re-validates the same request. */
const ECHOED = [
  'client_id',
  'client_key',
  'redirect_uri',
  'response_type',
  'scope',
  'config_id',
  'state',
  'code_challenge',
  'code_challenge_method',
  'emulator_decline',
];

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hash === '';
  } catch {
    return false;
  }
}

/** Checks an authorize request as the networks do before they show any consent page. */
export function parseAuthorizeRequest(
  network: string,
  params: Params,
  rules: AuthorizeRules,
  configurationOf: ConfigurationLookup = () => undefined,
): ParsedConsent {
  const clientId = params[rules.clientIdParam ?? 'client_id'] ?? '';
  if (!clientId || clientId.length > 200)
    return { ok: false, problem: 'Invalid App ID: client_id is missing or malformed.' };
  const redirectUri = params.redirect_uri ?? '';
  if (!isHttpUrl(redirectUri) || redirectUri.length > 2000)
    return { ok: false, problem: 'URL blocked: redirect_uri must be an absolute http(s) URL without a fragment.' };
  const responseType = params.response_type ?? (rules.responseTypeOptional ? 'code' : '');
  if (responseType !== 'code') return { ok: false, problem: 'Unsupported response_type: only "code" is supported.' };
  const state = params.state ?? '';
  if (!state || state.length > 2000) return { ok: false, problem: 'The state parameter is missing or too long.' };
  const configId = rules.loginConfigurations ? params.config_id : undefined;
  // A configuration replaces the scope list: it asks what it was made with.
  const configured = configId === undefined ? undefined : configurationOf(clientId, configId);
  if (configId !== undefined && !configured)
    return {
      ok: false,
      problem: `Invalid config_id: the app has no Facebook Login for Business configuration ${configId}.`,
    };
  const scopes = configured ? [...configured] : (params.scope ?? '').split(rules.scopeSeparator).filter(Boolean);
  if (scopes.length === 0) return { ok: false, problem: 'No scope requested.' };
  const unknown = scopes.filter((scope) => !rules.knownScopes.has(scope));
  if (unknown.length) return { ok: false, problem: `Invalid Scopes: ${unknown.join(', ')}.` };
  const declined = [...new Set((params.emulator_decline ?? '').split(',').filter(Boolean))];
  if (declined.length && (!rules.granular || configured))
    return {
      ok: false,
      problem: configured
        ? 'A Facebook Login for Business configuration is granted whole or not at all: emulator_decline is not possible.'
        : 'This network grants all the permissions asked or none: emulator_decline is not possible.',
    };
  const notAsked = declined.filter((scope) => !scopes.includes(scope));
  if (notAsked.length)
    return { ok: false, problem: `emulator_decline names permissions not asked for: ${notAsked.join(', ')}.` };
  let codeChallenge: string | undefined;
  if (rules.pkce === true || (rules.pkce === 'optional' && params.code_challenge !== undefined)) {
    codeChallenge = params.code_challenge ?? '';
    if (!/^[A-Za-z0-9_-]{43,128}$/.test(codeChallenge))
      return { ok: false, problem: 'code_challenge is missing or not a base64url S256 challenge.' };
    if (params.code_challenge_method !== 'S256') return { ok: false, problem: 'code_challenge_method must be S256.' };
  }
  const original: Record<string, string> = {};
  const kept: Record<string, string> = {};
  for (const name of rules.keptParams ?? []) if (params[name] !== undefined) kept[name] = params[name];
  for (const name of ECHOED) if (params[name] !== undefined) original[name] = params[name];
  return {
    ok: true,
    request: {
      network,
      clientId,
      redirectUri,
      state,
      scopes: [...new Set(scopes)],
      declined,
      codeChallenge,
      original: { ...original, ...kept },
      kept,
    },
  };
}
