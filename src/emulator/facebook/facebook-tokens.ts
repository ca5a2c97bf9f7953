import { TokenKindSpec } from '../state/token-kinds';

/** The tokens Facebook Login issues. */
export const FACEBOOK_TOKENS = {
  user: {
    kind: 'user',
    prefix: 'EAA',
    // ~1 h, and ~60 days (the documented expires_in) once exchanged.
    ttlSeconds: { short: 3600, long: 5183944 },
    rotation: 'reusable',
    about: 'A Facebook user (subject: the Facebook user id).',
  },
  page: {
    kind: 'page',
    prefix: 'EAA',
    // From a long-lived user token it never expires; from a short-lived one it dies with it (given per token).
    ttlSeconds: {},
    rotation: 'reusable',
    about: 'A Page (subject: the Page id), listed with a user token.',
  },
} as const satisfies Record<string, TokenKindSpec>;
