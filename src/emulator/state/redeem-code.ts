import { createHash } from 'node:crypto';
import { IssuedCode } from './credentials';
import { EmulatorState } from './emulator-state';

export type CodeProblem = 'unknown' | 'used' | 'expired' | 'client_mismatch' | 'redirect_mismatch' | 'pkce_mismatch';
export type Redemption = { ok: true; code: IssuedCode } | { ok: false; problem: CodeProblem };

export interface CodeRedemptionRequest {
  network: string;
  value: string | undefined;
  clientId: string | undefined;
  redirectUri: string | undefined;
  /** Required when the code was issued with a PKCE challenge. */
  codeVerifier?: string;
}

function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/**
 * Redeems an authorization code: single use, within its lifetime, for the same client and the
 * same redirect_uri as at authorize time, and (X) for the PKCE verifier of the challenge. A code
 * is spent only by a successful redemption.
 */
export function redeemCode(state: EmulatorState, request: CodeRedemptionRequest): Redemption {
  const code = request.value ? state.credentials.findCode(request.value) : undefined;
  if (!code || code.network !== request.network) return { ok: false, problem: 'unknown' };
  if (code.used) return { ok: false, problem: 'used' };
  if (code.expiresAt <= state.now()) return { ok: false, problem: 'expired' };
  if (code.clientId !== request.clientId) return { ok: false, problem: 'client_mismatch' };
  if (code.redirectUri !== request.redirectUri) return { ok: false, problem: 'redirect_mismatch' };
  if (code.codeChallenge !== undefined) {
    const verifier = request.codeVerifier ?? '';
    if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || s256(verifier) !== code.codeChallenge)
      return { ok: false, problem: 'pkce_mismatch' };
  }
  code.used = true;
  return { ok: true, code };
}
