import { NetworkIdentity } from '../network-identity';

export const LINKEDIN_IDENTITY = {
  id: 'linkedin',
  aliases: [],
  displayName: 'LinkedIn',
} as const satisfies NetworkIdentity;
