import { pinterestApiRules } from '../../contracts';
import { TokenKindSpec } from '../state/token-kinds';

const { accessTokenSeconds, continuousRefresh } = pinterestApiRules().oauth;

/**
 * The tokens Pinterest's OAuth issues (`pina_…` and `pinr_…`, as its token debugger shows them): an
 * access token, and a continuous refresh token of 60 days that each refresh answers anew with a
 * fresh 60 days. The spec does not say the old refresh token stops working then; it stays good to
 * its own end here, so a refresh whose answer was lost can be made again.
 */
export const PINTEREST_TOKENS = {
  access: {
    kind: 'pinterest',
    prefix: 'pina_',
    ttlSeconds: { long: accessTokenSeconds.value },
    rotation: 'reusable',
    about: "A Pinterest user's access token (subject: the user account id).",
  },
  refresh: {
    kind: 'pinterest_refresh',
    prefix: 'pinr_',
    ttlSeconds: { long: continuousRefresh.refreshTokenSeconds },
    rotation: 'reusable',
    about: 'A Pinterest continuous refresh token: 60 days, and each refresh answers a new one with 60 more.',
  },
} as const satisfies Record<string, TokenKindSpec>;
