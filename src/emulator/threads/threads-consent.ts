import { threadsPublishingRules } from '../../contracts';
import { ConsentNetwork } from '../consent/consent-flow';

const rules = threadsPublishingRules();

/** The permissions Threads' authorize window knows (the collection's `scope` variable, the access-token page). */
export const THREADS_SCOPES: ReadonlySet<string> = new Set(rules.scopes.known);

/** Threads' authorize window (threads.net/oauth/authorize): the user's profile. Codes live 1 hour. */
export const threadsConsent: ConsentNetwork = {
  title: 'Threads',
  rules: {
    scopeSeparator: /[,\s]+/,
    knownScopes: THREADS_SCOPES,
    // "All parameters except state are required" (get-access-tokens-and-permissions).
    responseTypeOptional: false,
    pkce: false,
    granular: true,
  },
  codeLifetimeMs: rules.tokens.codeLifetimeSeconds * 1000,
  codePrefix: 'AQ',
  subject: (user) =>
    user.threads
      ? { heading: 'Threads profile', items: [`@${user.threads.username} (${user.threads.name})`] }
      : undefined,
  approve: (url, code, state) => {
    url.searchParams.set('code', code);
    url.searchParams.set('state', state);
  },
  deny: (url, state) => {
    url.searchParams.set('error', 'access_denied');
    url.searchParams.set('error_reason', 'user_denied');
    url.searchParams.set('error_description', 'The user denied your request.');
    url.searchParams.set('state', state);
  },
};
