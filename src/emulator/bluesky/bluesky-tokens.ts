import { TokenKindSpec } from '../state/token-kinds';

/**
 * The session tokens a PDS issues (@atproto/pds account-manager/helpers/auth: access `120mins`,
 * refresh `90days`). Both are JWTs whose `exp` the client reads.
 */
export const BLUESKY_TOKENS = {
  access: {
    kind: 'bluesky',
    prefix: '',
    ttlSeconds: { short: 2 * 3600 },
    rotation: 'reusable',
    about: 'A Bluesky session access JWT (accessJwt; subject: the account DID).',
  },
  refresh: {
    kind: 'bluesky_refresh',
    prefix: '',
    ttlSeconds: { long: 90 * 24 * 3600 },
    rotation: 'single-use',
    about:
      'A Bluesky session refresh JWT (refreshJwt): refreshSession rotates it; the previous one still works for a 2-hour grace period, as a PDS keeps it.',
  },
} as const satisfies Record<string, TokenKindSpec>;

/** How long a rotated refresh token still refreshes (@atproto/pds AccountManager.rotateRefreshToken: REFRESH_GRACE_MS). */
export const REFRESH_GRACE_MS = 2 * 3600_000;
