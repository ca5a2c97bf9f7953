import { NetworkIdentity } from '../network-identity';

export const TIKTOK_IDENTITY = {
  id: 'tiktok',
  aliases: [],
  displayName: 'TikTok',
} as const satisfies NetworkIdentity;
