import { APP } from '../http/recording-http.testing';
import { InstagramSettings } from './instagram.settings';

/** Recorded Instagram answers (shapes from docs/networks.md, values as Instagram sends them). */

/** Settings of an Instagram Login app on the real hosts, as the adapter tests use them. */
export const INSTAGRAM_LOGIN_SETTINGS = new InstagramSettings(
  'instagram',
  'https://www.instagram.com/oauth/authorize',
  'https://api.instagram.com/oauth/access_token',
  'https://graph.instagram.com/v25.0',
  APP,
  false,
);

export const SHORT_IG_TOKEN = 'IGQVJshortLivedToken';
export const LONG_IG_TOKEN = 'IGQVJlongLivedToken';

/** The documented shape of the code exchange. */
export const codeExchangeDataShape = {
  data: [
    {
      access_token: SHORT_IG_TOKEN,
      user_id: '17841405822304914',
      permissions: 'instagram_business_basic,instagram_business_content_publish',
    },
  ],
};

/** The flat shape observed in practice; user_id is a JSON number there. */
export const codeExchangeFlatShape = {
  access_token: SHORT_IG_TOKEN,
  user_id: 1784140582230491,
  permissions: ['instagram_business_basic', 'instagram_business_content_publish'],
};

export const longLivedTokenAnswer = { access_token: LONG_IG_TOKEN, token_type: 'bearer', expires_in: 5183944 };

export const codeRefused = { error_type: 'OAuthException', code: 400, error_message: 'Invalid authorization code' };

export const meAnswer = {
  user_id: '17841405822304914',
  username: 'bakery_on_main',
  name: 'Bakery on Main',
  account_type: 'BUSINESS',
  profile_picture_url: 'https://scontent.cdninstagram.com/bakery.jpg',
  id: '7590198051043431',
};

export const igUserAnswer = (id: string, username: string) => ({
  id,
  username,
  name: `${username} name`,
  profile_picture_url: `https://scontent.cdninstagram.com/${id}.jpg`,
});
