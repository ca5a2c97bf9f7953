import { linkedInApiRules } from '../../contracts';
import { ConsentNetwork } from '../consent/consent-flow';

const rules = linkedInApiRules();

/** LinkedIn's authorize page: the member and the organizations they have a role on. All scopes or none; no PKCE. */
export const linkedInConsent: ConsentNetwork = {
  title: 'LinkedIn',
  rules: {
    scopeSeparator: / +/,
    knownScopes: new Set(rules.scopes.known),
    responseTypeOptional: false,
    pkce: false,
    // "If multiple scopes are requested, the user must consent to all of them" (authorization-code-flow).
    granular: false,
  },
  codeLifetimeMs: rules.oauth.codeLifetimeSeconds * 1000,
  codePrefix: 'AQT',
  subject: (user) =>
    user.linkedin
      ? {
          heading: 'LinkedIn member',
          items: [user.linkedin.name, ...user.linkedin.organizations.map((org) => `${org.name} (${org.role})`)],
        }
      : undefined,
  approve: (url, code, state) => {
    url.searchParams.set('code', code);
    url.searchParams.set('state', state);
  },
  deny: (url, state) => {
    url.searchParams.set('error', 'user_cancelled_authorize');
    url.searchParams.set('error_description', 'The user cancelled the authorization');
    url.searchParams.set('state', state);
  },
};
