import { randomBase62 } from '../../common/ids';
import { IssuedToken } from './credentials';
import { secretToken } from './emulator-ids';
import { EmulatorState } from './emulator-state';

export type NewToken = Omit<IssuedToken, 'value' | 'issuedAt' | 'expiresAt' | 'invalidated'> & {
  /** Undefined: never expires. */
  ttlSeconds?: number;
  prefix: string;
};

/** Issues and stores a token; the value is random and prefixed like the network's own. */
export function issueToken(state: EmulatorState, fields: NewToken): IssuedToken {
  const { ttlSeconds, prefix, ...rest } = fields;
  const now = state.now();
  return state.credentials.saveToken({
    ...rest,
    value: secretToken(prefix),
    issuedAt: now,
    expiresAt: ttlSeconds === undefined ? undefined : now + ttlSeconds * 1000,
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
