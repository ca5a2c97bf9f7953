import { payloadId } from '../queue';

/** The task that refreshes one connected account's token, holding the account's lane. */
export const REFRESH_ACCOUNT_TOKEN_TASK = 'refresh-account-token';

export interface RefreshAccountTokenPayload {
  accountId: string;
}

/** One waiting refresh per account, however many scans find it due. */
export function refreshJobKey(accountId: string): string {
  return `refresh:${accountId}`;
}

/** The payload as the queue hands it back (plain JSON), checked before it is trusted. */
export function parseRefreshPayload(payload: unknown): RefreshAccountTokenPayload {
  return { accountId: payloadId(REFRESH_ACCOUNT_TOKEN_TASK, payload, 'accountId') };
}
