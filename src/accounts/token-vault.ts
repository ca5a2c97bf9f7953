import { Injectable } from '@nestjs/common';
import { SecretBox } from '../common/crypto/secret-box';
import { AccountTokens } from '../networks';

/** The encrypted token columns of a connected account. */
export interface SealedTokens {
  accessTokenEncrypted: string | null;
  refreshTokenEncrypted: string | null;
  userTokenEncrypted: string | null;
  tokenBindingEncrypted: string | null;
}

/**
 * Seals and opens a connected account's network tokens. Each ciphertext is bound to its account
 * and column, so tokens cannot be moved to another account by copying database values.
 */
@Injectable()
export class TokenVault {
  constructor(private readonly box: SecretBox) {}

  seal(accountId: string, tokens: AccountTokens): SealedTokens {
    const seal = (value: string | undefined, column: string) =>
      value ? this.box.encrypt(value, `connected_accounts.${column}:${accountId}`) : null;
    return {
      accessTokenEncrypted: seal(tokens.accessToken, 'access_token'),
      refreshTokenEncrypted: seal(tokens.refreshToken, 'refresh_token'),
      userTokenEncrypted: seal(tokens.userAccessToken, 'user_token'),
      tokenBindingEncrypted: seal(tokens.tokenBinding, 'token_binding'),
    };
  }

  /** The account's tokens, or undefined once they were wiped (disconnected). */
  open(accountId: string, sealed: SealedTokens, expiresAt: Date | null): AccountTokens | undefined {
    if (!sealed.accessTokenEncrypted) return undefined;
    const open = (value: string | null, column: string) =>
      value ? this.box.decrypt(value, `connected_accounts.${column}:${accountId}`) : undefined;
    return {
      accessToken: open(sealed.accessTokenEncrypted, 'access_token')!,
      refreshToken: open(sealed.refreshTokenEncrypted, 'refresh_token'),
      userAccessToken: open(sealed.userTokenEncrypted, 'user_token'),
      ...(sealed.tokenBindingEncrypted ? { tokenBinding: open(sealed.tokenBindingEncrypted, 'token_binding') } : {}),
      expiresAt: expiresAt ?? undefined,
    };
  }
}
