import { OpenApiContract } from '../../contracts';
import { ConsentNetwork } from '../consent/consent-flow';

/** Permissions the emulated Facebook Login knows (publishing to Pages, insights, Instagram via Facebook Login, basics). */
export const FACEBOOK_SCOPES: ReadonlySet<string> = new Set([
  'public_profile',
  'email',
  'pages_show_list',
  'pages_read_engagement',
  'pages_manage_posts',
  'pages_manage_metadata',
  'pages_manage_engagement',
  'pages_read_user_content',
  'publish_video',
  'business_management',
  // What an Instagram account reached through a Business Manager role also takes (one of them).
  'ads_read',
  'ads_management',
  'instagram_basic',
  'instagram_content_publish',
  'instagram_manage_comments',
  'instagram_manage_insights',
  'instagram_manage_contents',
  'read_insights',
]);

/**
 * The Facebook Login dialog: lists the user's Pages (and their Instagram accounts). With
 * `config_id` it is Facebook Login for Business's: the app's configuration decides the permissions,
 * which the user grants whole (developers.facebook.com/docs/facebook-login/facebook-login-for-business/).
 */
export const facebookConsent: ConsentNetwork = {
  title: 'Facebook',
  rules: {
    scopeSeparator: /[,\s]+/,
    knownScopes: FACEBOOK_SCOPES,
    responseTypeOptional: true,
    pkce: false,
    granular: true,
    loginConfigurations: true,
  },
  contract: () => OpenApiContract.metaOAuth('www.facebook.com'),
  codeLifetimeMs: 10 * 60_000,
  codePrefix: 'AQ',
  subject: (user) => ({
    heading: 'Pages the app will be able to use',
    items: user.pages.map((page) =>
      page.instagram ? `${page.name} (with Instagram @${page.instagram.username})` : page.name,
    ),
  }),
  approve: (url, code, state) => {
    url.searchParams.set('code', code);
    url.searchParams.set('state', state);
  },
  deny: (url, state) => {
    url.searchParams.set('error', 'access_denied');
    url.searchParams.set('error_code', '200');
    url.searchParams.set('error_description', 'Permissions error');
    url.searchParams.set('error_reason', 'user_denied');
    url.searchParams.set('state', state);
  },
};
