import { NetworkIdentity } from '../network-identity';

export const INSTAGRAM_IDENTITY = {
  id: 'instagram',
  aliases: [],
  displayName: 'Instagram',
} as const satisfies NetworkIdentity;
