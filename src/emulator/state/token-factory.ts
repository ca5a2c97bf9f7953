import { randomBase62 } from '../../common/ids';
import { IssuedToken } from './credentials';
import { secretToken } from './emulator-ids';
import { EmulatorState } from './emulator-state';
import { TokenKindSpec } from './token-kinds';

export type NewToken = Omit<IssuedToken, 'value' | 'kind' | 'issuedAt' | 'expiresAt' | 'invalidated'> & {
  kind: TokenKindSpec;
  /** Overrides the kind's lifetime for this token (a Page token dies with its short-lived user token); undefined: the kind's. */
  ttlSeconds?: number;
};

/** Issues and stores a token; the value is random and prefixed like the network's own. */
export function issueToken(state: EmulatorState, fields: NewToken): IssuedToken {
  const { ttlSeconds, kind, ...rest } = fields;
  const now = state.now();
  const lifetimeSeconds = ttlSeconds ?? kind.ttlSeconds[fields.lifetime];
  return state.credentials.saveToken({
    ...rest,
    kind: kind.kind,
    value: secretToken(kind.prefix) + state.credentialSuffix,
    issuedAt: now,
    expiresAt: lifetimeSeconds === undefined ? undefined : now + lifetimeSeconds * 1000,
  });
}

/** A fresh grant id, shared by the tokens one consent produces. */
export function newGrantId(): string {
  return randomBase62(12);
}

/** Seconds until a token expires, for `expires_in`. */
export function secondsLeft(state: EmulatorState, token: IssuedToken): number | undefined {
  return token.expiresAt === undefined ? undefined : Math.max(0, Math.round((token.expiresAt - state.now()) / 1000));
}
