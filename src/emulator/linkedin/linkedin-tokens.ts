import { linkedInApiRules } from '../../contracts';
import { TokenKindSpec } from '../state/token-kinds';

const { accessTokenSeconds, refreshTokenSeconds } = linkedInApiRules().oauth;

/** The tokens LinkedIn's OAuth issues: a 60-day access token, and for apps granted them a 365-day refresh token. */
export const LINKEDIN_TOKENS = {
  access: {
    kind: 'linkedin',
    prefix: 'AQV',
    ttlSeconds: { long: accessTokenSeconds },
    rotation: 'reusable',
    about:
      "A LinkedIn member's access token (subject: the member's person URN); it posts for the member and the organizations they may post for.",
  },
  refresh: {
    kind: 'linkedin_refresh',
    prefix: 'AQX',
    // Fixed from the first consent: a refresh keeps it, with its end (issued with the grant's remaining time).
    ttlSeconds: { long: refreshTokenSeconds },
    rotation: 'reusable',
    about: 'A LinkedIn programmatic refresh token: 365 days from the first consent, not extended by refreshing.',
  },
} as const satisfies Record<string, TokenKindSpec>;
