import { Server, Socket } from 'node:net';
import { throttleAddress } from './client-address';

/**
 * At most `max` open connections per client address (IPv6 by its /64, as the throttles count), so
 * one client cannot hold the server's sockets, as a slowloris does, while the timeouts run. A
 * connection past the bound is closed as it opens, before a byte is read: at that moment nothing
 * but the address is known, and answering it would mean reading what it sends.
 *
 * Behind a reverse proxy every connection comes from the proxy, so the bound is off there by
 * default (the proxy bounds its clients); see docs/operations.md.
 */
export function boundConnectionsPerAddress(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  // First among the listeners: a connection refused here never reaches the HTTP parser.
  server.prependListener('connection', (socket: Socket) => {
    const address = throttleAddress(socket.remoteAddress ?? '');
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
