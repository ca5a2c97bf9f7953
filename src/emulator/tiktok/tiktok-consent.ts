import { tiktokApiRules } from '../../contracts';
import { ConsentNetwork } from '../consent/consent-flow';

const { oauth, scopes } = tiktokApiRules();

/**
 * TikTok's authorize page (www.tiktok.com/v2/auth/authorize/): the app named by `client_key`,
 * scopes comma-separated of which the user may grant a part, PKCE optional for a web app.
 */
export const tiktokConsent: ConsentNetwork = {
  title: 'TikTok',
  rules: {
    scopeSeparator: /,/,
    knownScopes: new Set(scopes.known),
    responseTypeOptional: false,
    pkce: oauth.authorize.pkce,
    clientIdParam: oauth.authorize.clientParam,
    granular: oauth.authorize.granular,
  },
  codeLifetimeMs: oauth.codeLifetimeSeconds * 1000,
  codePrefix: '',
  subject: (user) =>
    user.tiktok
      ? { heading: 'TikTok account', items: [`${user.tiktok.nickname} (@${user.tiktok.username})`] }
      : undefined,
  approve: (url, code, state) => {
    url.searchParams.set('code', code);
    url.searchParams.set('state', state);
  },
  deny: (url, state) => {
    url.searchParams.set('error', 'access_denied');
    url.searchParams.set('error_description', 'The user denied the authorization');
    url.searchParams.set('state', state);
  },
};
