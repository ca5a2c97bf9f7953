import { NetworkIdentity } from '../network-identity';

export const X_IDENTITY = { id: 'x', aliases: ['twitter'], displayName: 'X' } as const satisfies NetworkIdentity;
