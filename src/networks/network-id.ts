/**
 * The network identifiers accepted on input and always emitted in `platform`. `twitter` is an
 * accepted alias of `x`.
 */
export const NETWORK_IDS = ['facebook', 'instagram', 'x'] as const;
export type NetworkId = (typeof NETWORK_IDS)[number];

const ALIASES: Record<string, NetworkId> = { twitter: 'x' };

/** The canonical id for a name given by a client, or undefined when it names no supported network. */
export function normalizeNetworkId(name: string): NetworkId | undefined {
  const lower = name.trim().toLowerCase();
  if ((NETWORK_IDS as readonly string[]).includes(lower)) return lower as NetworkId;
  return ALIASES[lower];
}
