import { NetworkIdentity } from '../network-identity';

export const BLUESKY_IDENTITY = {
  id: 'bluesky',
  aliases: ['bsky'],
  displayName: 'Bluesky',
} as const satisfies NetworkIdentity;
