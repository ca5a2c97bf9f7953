import { threadsPublishingRules } from '../../contracts';
import { TokenKindSpec } from '../state/token-kinds';

const { shortLivedSeconds, longLivedSeconds } = threadsPublishingRules().tokens;

/** The tokens Threads' OAuth issues: a user token, short-lived from the code, long-lived once exchanged. */
export const THREADS_TOKENS = {
  threads: {
    kind: 'threads',
    prefix: 'THAA',
    // 1 hour from the code exchange; 60 days once exchanged (th_exchange_token) or refreshed (th_refresh_token).
    ttlSeconds: { short: shortLivedSeconds, long: longLivedSeconds },
    rotation: 'reusable',
    about: 'A Threads user access token (subject: the Threads user id).',
  },
} as const satisfies Record<string, TokenKindSpec>;
