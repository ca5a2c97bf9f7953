import { FastifyRequest } from 'fastify';
import { presentedKey } from '../../auth';
import { ControlError } from '../control/control-error';
import { chooseWorld } from './world-routing';
import { WorldStorage } from './world-storage';

/** Headers a proxy adds: a request carrying any of them may come from anywhere, whatever its socket says. */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

function isLoopback(address: string | undefined): boolean {
  return !!address && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));
}

function refused(message: string, status: 401 | 403): ControlError {
  return new ControlError(message, [], status, status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {});
}

/**
 * Who may use the control API, and on which world. With `Authorization: Bearer <test key>`: that
 * key's test world, and nothing else (a live key is refused: it has no world to act on). Without a
 * key: the in-memory default world, only where there is one (development), only from this machine,
 * and never through a proxy, which would make every caller look local. Addresses never grant a
 * test world.
 */
export async function authoriseControlRequest(
  request: FastifyRequest,
  options: { storage?: WorldStorage; defaultWorld: boolean },
): Promise<void> {
  const hasAuthorization = request.headers.authorization !== undefined;
  if (hasAuthorization) {
    const key = presentedKey(request);
    const world = key && options.storage ? await options.storage.worldOfKey(key) : undefined;
    if (!world) throw refused('A valid test API key is required: Authorization: Bearer <test key>', 401);
    if (world.mode === 'live')
      throw refused('The control API acts on a test world: use a test key (sps_test_…), not a live key', 403);
    chooseWorld(request, world.world);
    return;
  }
  const local =
    isLoopback(request.socket.remoteAddress) && PROXY_HEADERS.every((name) => request.headers[name] === undefined);
  if (!options.defaultWorld || !local)
    throw refused('A valid test API key is required: Authorization: Bearer <test key>', 401);
}
