import { OpenApiContract } from '../../contracts';
import { ConsentNetwork } from '../consent/consent-flow';

export const X_SCOPES: ReadonlySet<string> = new Set([
  'tweet.read',
  'tweet.write',
  'tweet.moderate.write',
  'users.read',
  'follows.read',
  'follows.write',
  'offline.access',
  'media.write',
  'like.read',
  'like.write',
  'list.read',
  'bookmark.read',
]);

/** X's OAuth 2.0 authorize page, with PKCE S256 required. Codes live 30 seconds. */
export const xConsent: ConsentNetwork = {
  title: 'X',
  rules: { scopeSeparator: /\s+/, knownScopes: X_SCOPES, responseTypeOptional: false, pkce: true, granular: false },
  contract: () => OpenApiContract.xOAuth(),
  codeLifetimeMs: 30_000,
  codePrefix: '',
  subject: (user) => (user.x ? { heading: 'X account', items: [`@${user.x.username} (${user.x.name})`] } : undefined),
  approve: (url, code, state) => {
    url.searchParams.set('state', state);
    url.searchParams.set('code', code);
  },
  deny: (url, state) => {
    url.searchParams.set('error', 'access_denied');
    url.searchParams.set('error_description', 'The user denied the authorization request.');
    url.searchParams.set('state', state);
  },
};
