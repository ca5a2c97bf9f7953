import { OpenApiContract } from '../../contracts';
import { ConsentNetwork } from '../consent/consent-flow';

export const INSTAGRAM_SCOPES: ReadonlySet<string> = new Set([
  'instagram_business_basic',
  'instagram_business_content_publish',
  'instagram_business_manage_comments',
  'instagram_business_manage_messages',
  'instagram_business_manage_insights',
]);

/** Instagram Login's authorize page: the user's professional account. Codes come back ending in `#_`. */
export const instagramConsent: ConsentNetwork = {
  title: 'Instagram',
  rules: {
    scopeSeparator: /[,\s]+/,
    knownScopes: INSTAGRAM_SCOPES,
    responseTypeOptional: false,
    pkce: false,
    granular: true,
  },
  contract: () => OpenApiContract.metaOAuth('www.instagram.com'),
  codeLifetimeMs: 60 * 60_000,
  codePrefix: 'AQ',
  subject: (user) =>
    user.instagram
      ? { heading: 'Instagram professional account', items: [`@${user.instagram.username} (${user.instagram.name})`] }
      : undefined,
  approve: (url, code, state) => {
    url.searchParams.set('code', code);
    url.searchParams.set('state', state);
    // The real redirect ends in `#_`; a browser keeps it out of the request, a careless client does not.
    url.hash = '_';
  },
  deny: (url, state) => {
    url.searchParams.set('error', 'access_denied');
    url.searchParams.set('error_reason', 'user_denied');
    url.searchParams.set('error_description', 'The user denied your request.');
    url.searchParams.set('state', state);
  },
};
