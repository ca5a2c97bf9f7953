import { NetworkIdentity } from '../network-identity';

export const PINTEREST_IDENTITY = {
  id: 'pinterest',
  aliases: [],
  displayName: 'Pinterest',
} as const satisfies NetworkIdentity;
