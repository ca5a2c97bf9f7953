import { TokenKindSpec } from '../state/token-kinds';

/** The tokens X's OAuth 2.0 issues. */
export const X_TOKENS = {
  access: {
    kind: 'x',
    prefix: '',
    ttlSeconds: { short: 7200 },
    rotation: 'reusable',
    about: 'An X user access token (subject: the X user id).',
  },
  refresh: {
    kind: 'x_refresh',
    prefix: '',
    // Comes only with offline.access; lives until used.
    ttlSeconds: {},
    rotation: 'single-use',
    about: 'An X refresh token: each one is good for a single refresh, which issues a new pair.',
  },
} as const satisfies Record<string, TokenKindSpec>;
