/** The networks the emulator speaks. Kept local so the emulator depends on nothing in src/networks. */
export const EMULATED_NETWORKS = ['facebook', 'instagram', 'x'] as const;
export type EmulatedNetwork = (typeof EMULATED_NETWORKS)[number];

/** The canonical network for a name from a test or script; `twitter` is accepted as `x`. */
export function parseEmulatedNetwork(value: unknown): EmulatedNetwork | undefined {
  if (typeof value !== 'string') return undefined;
  const lower = value.trim().toLowerCase();
  if (lower === 'twitter') return 'x';
  return (EMULATED_NETWORKS as readonly string[]).includes(lower) ? (lower as EmulatedNetwork) : undefined;
}
