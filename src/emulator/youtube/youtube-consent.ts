import { youTubeApiRules } from '../../contracts';
import { ConsentNetwork } from '../consent/consent-flow';

const { oauth } = youTubeApiRules();

/**
 * Google's consent screen (accounts.google.com/o/oauth2/v2/auth) for a YouTube channel: the scopes
 * may be granted one by one (granular consent); `access_type` and `prompt` are kept with the code,
 * since they decide whether the exchange answers a refresh token. PKCE is optional at Google.
 */
export const youTubeConsent: ConsentNetwork = {
  title: 'YouTube',
  rules: {
    scopeSeparator: / +/,
    knownScopes: new Set([
      ...Object.keys(oauth.scopes),
      'https://www.googleapis.com/auth/youtube',
      'openid',
      'email',
      'profile',
    ]),
    responseTypeOptional: false,
    pkce: false,
    granular: true,
    keptParams: ['access_type', 'prompt', 'include_granted_scopes', 'login_hint'],
  },
  // Google documents no lifetime for its codes; they are short (minutes) and single use.
  codeLifetimeMs: 10 * 60_000,
  codePrefix: '4/0A',
  subject: (user) =>
    user.youtube
      ? { heading: 'YouTube channel', items: [`${user.youtube.title} (${user.youtube.handle})`] }
      : undefined,
  approve: (url, code, state) => {
    url.searchParams.set('state', state);
    url.searchParams.set('code', code);
  },
  deny: (url, state) => {
    url.searchParams.set('error', 'access_denied');
    url.searchParams.set('state', state);
  },
};
