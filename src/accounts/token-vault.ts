import { Injectable } from '@nestjs/common';
import { SecretBox } from '../common/crypto/secret-box';

export interface NetworkTokens {
  accessToken: string;
  refreshToken?: string;
}

export interface EncryptedTokens {
  accessTokenEncrypted: string;
  refreshTokenEncrypted: string | null;
}

/**
 * Seals and opens a connected account's network tokens. Each ciphertext is bound to its account
 * and column, so tokens cannot be moved to another account by copying database values.
 */
@Injectable()
export class TokenVault {
  constructor(private readonly box: SecretBox) {}

  seal(accountId: string, tokens: NetworkTokens): EncryptedTokens {
    return {
      accessTokenEncrypted: this.box.encrypt(tokens.accessToken, `connected_accounts.access_token:${accountId}`),
      refreshTokenEncrypted: tokens.refreshToken
        ? this.box.encrypt(tokens.refreshToken, `connected_accounts.refresh_token:${accountId}`)
        : null,
    };
  }

  open(accountId: string, sealed: { accessTokenEncrypted: string | null; refreshTokenEncrypted: string | null }): NetworkTokens | undefined {
    if (!sealed.accessTokenEncrypted) return undefined;
    return {
      accessToken: this.box.decrypt(sealed.accessTokenEncrypted, `connected_accounts.access_token:${accountId}`),
      refreshToken: sealed.refreshTokenEncrypted
        ? this.box.decrypt(sealed.refreshTokenEncrypted, `connected_accounts.refresh_token:${accountId}`)
        : undefined,
    };
  }
}
