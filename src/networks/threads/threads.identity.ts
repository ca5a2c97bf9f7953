import { NetworkIdentity } from '../network-identity';

export const THREADS_IDENTITY = {
  id: 'threads',
  aliases: [],
  displayName: 'Threads',
} as const satisfies NetworkIdentity;
