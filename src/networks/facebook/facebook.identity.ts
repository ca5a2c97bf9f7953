import { NetworkIdentity } from '../network-identity';

export const FACEBOOK_IDENTITY = {
  id: 'facebook',
  aliases: [],
  displayName: 'Facebook',
} as const satisfies NetworkIdentity;
