/**
 * How a request to the emulator names the test world it belongs to. A test world's OAuth app is
 * `sandbox_<world id>` (authorize and token calls carry it), and every code and token issued in
 * a world ends with `_sandbox_<world id>` (Graph and X API calls carry only a token). World ids
 * are customer ids (`cus_` and base62), so the mark is unambiguous wherever it appears.
 *
 * A mark only says where to look: a forged one finds no such code or token in that world, and a
 * world's app secret cannot be forged, so naming another world gains nothing.
 */
export const WORLD_CLIENT_PREFIX = 'sandbox_';

/**
 * A header naming a test world by its app's client id, for a call that carries no client id, code
 * or token yet (Bluesky's sign-in with an app password): sent only by a test world's app, to the
 * service's own emulator, never to a network.
 */
export const WORLD_HEADER = 'x-emulator-world';

const WORLD_ID = /^cus_[0-9A-Za-z]{1,40}$/;
const MARK = /sandbox_(cus_[0-9A-Za-z]{1,40})/g;

export function isWorldId(value: string): boolean {
  return WORLD_ID.test(value);
}

/** The OAuth client id of a test world's app. */
export function worldClientId(world: string): string {
  return `${WORLD_CLIENT_PREFIX}${world}`;
}

/** The suffix of every code and token issued in the world. */
export function worldMark(world: string): string {
  return `_${WORLD_CLIENT_PREFIX}${world}`;
}

/**
 * The worlds the texts name (client ids, codes, tokens anywhere in them). More than one means a
 * request mixing worlds, which the caller refuses.
 */
export function worldsNamedIn(texts: readonly string[]): Set<string> {
  const worlds = new Set<string>();
  for (const text of texts) for (const match of text.matchAll(MARK)) worlds.add(match[1]);
  return worlds;
}
