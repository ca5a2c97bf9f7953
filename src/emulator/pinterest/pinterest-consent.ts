import { pinterestApiRules, pinterestOAuthScopes } from '../../contracts';
import { ConsentNetwork } from '../consent/consent-flow';

const rules = pinterestApiRules().oauth.authorize;

/** Pinterest's consent page (www.pinterest.com/oauth/): the user's account and boards. All scopes or none; no PKCE. */
export const pinterestConsent: ConsentNetwork = {
  title: 'Pinterest',
  rules: {
    scopeSeparator: new RegExp(`[${rules.scopeSeparator}]+`),
    knownScopes: new Set(pinterestOAuthScopes()),
    responseTypeOptional: false,
    pkce: rules.pkce,
    granular: false,
  },
  // No page states a code's lifetime; ten minutes, as OAuth 2.0 recommends (RFC 6749 §4.1.2).
  codeLifetimeMs: 10 * 60_000,
  codePrefix: '',
  subject: (user) =>
    user.pinterest
      ? {
          heading: 'Pinterest account',
          items: [`@${user.pinterest.username}`, ...user.pinterest.boards.map((board) => `Board: ${board.name}`)],
        }
      : undefined,
  approve: (url, code, state) => {
    url.searchParams.set('code', code);
    url.searchParams.set('state', state);
  },
  deny: (url, state) => {
    url.searchParams.set('error', 'access_denied');
    url.searchParams.set('state', state);
  },
};
