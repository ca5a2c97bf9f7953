import { tiktokApiRules } from '../../contracts';
import { TokenKindSpec } from '../state/token-kinds';

const { accessTokenSeconds, refreshTokenSeconds } = tiktokApiRules().oauth;

/** The tokens TikTok's OAuth v2 issues: a 24-hour access token and a 365-day refresh token. */
export const TIKTOK_TOKENS = {
  access: {
    kind: 'tiktok',
    prefix: 'act.',
    ttlSeconds: { long: accessTokenSeconds },
    rotation: 'reusable',
    about: "A TikTok user access token (subject: the creator's open_id), 24 hours.",
  },
  refresh: {
    kind: 'tiktok_refresh',
    prefix: 'rft.',
    // The refresh answers it again with its remaining time (refresh_expires_in), as TikTok's example.
    ttlSeconds: { long: refreshTokenSeconds },
    rotation: 'reusable',
    about: 'A TikTok refresh token: 365 days from the consent.',
  },
} as const satisfies Record<string, TokenKindSpec>;
