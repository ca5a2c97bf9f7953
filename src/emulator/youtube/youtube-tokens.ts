import { youTubeApiRules } from '../../contracts';
import { TokenKindSpec } from '../state/token-kinds';

const { accessTokenSeconds } = youTubeApiRules().oauth.token;

/** The tokens Google's OAuth issues for YouTube: a one-hour access token, and a refresh token that lasts until revoked. */
export const YOUTUBE_TOKENS = {
  access: {
    kind: 'youtube',
    prefix: 'ya29.',
    ttlSeconds: { long: accessTokenSeconds },
    rotation: 'reusable',
    about: "A Google access token for YouTube (subject: the channel's id), one hour; the scopes the user granted.",
  },
  refresh: {
    kind: 'youtube_refresh',
    prefix: '1//',
    // Google's refresh tokens do not expire by time while in use: they end when revoked (or unused six months).
    ttlSeconds: {},
    rotation: 'reusable',
    about:
      'A Google refresh token: issued with access_type=offline on a first consent (or prompt=consent), kept by a refresh.',
  },
} as const satisfies Record<string, TokenKindSpec>;
