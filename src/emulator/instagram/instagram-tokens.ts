import { TokenKindSpec } from '../state/token-kinds';

/** The tokens Instagram Login issues (through Facebook Login, Instagram accounts use Facebook's). */
export const INSTAGRAM_TOKENS = {
  instagram: {
    kind: 'instagram',
    prefix: 'IGAA',
    // 1 h from the code exchange; ~60 days once exchanged or refreshed (refreshable once a day old).
    ttlSeconds: { short: 3600, long: 5183944 },
    rotation: 'reusable',
    about: 'An Instagram Login user (subject: the professional account id).',
  },
} as const satisfies Record<string, TokenKindSpec>;
