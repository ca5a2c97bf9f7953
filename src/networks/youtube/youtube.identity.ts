import { NetworkIdentity } from '../network-identity';

export const YOUTUBE_IDENTITY = {
  id: 'youtube',
  aliases: [],
  displayName: 'YouTube',
} as const satisfies NetworkIdentity;
