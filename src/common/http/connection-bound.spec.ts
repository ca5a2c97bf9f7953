import { createServer, Server, Socket, connect } from 'node:net';
import { once } from 'node:events';
import { boundConnectionsPerAddress } from './connection-bound';

/** Opens a connection and resolves with it once the server has had its say: kept open, or closed at once. */
async function openConnection(port: number): Promise<{ socket: Socket; closedAtOnce: boolean }> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const closed = once(socket, 'close').then(() => true);
  const closedAtOnce = await Promise.race([closed, new Promise<boolean>((r) => setTimeout(() => r(false), 150))]);
  return { socket, closedAtOnce };
}

describe('boundConnectionsPerAddress', () => {
  let server: Server;
  let port: number;
  const sockets: Socket[] = [];

  beforeEach(async () => {
    server = createServer((socket) => socket.on('data', () => undefined));
    boundConnectionsPerAddress(server, 3);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as { port: number }).port;
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    server.close();
    await once(server, 'close');
  });

  it('closes a connection past the bound as it opens, and lets one in again once another closes', async () => {
    const kept = [];
    for (let i = 0; i < 3; i++) kept.push(await openConnection(port));
    sockets.push(...kept.map(({ socket }) => socket));
    expect(kept.map(({ closedAtOnce }) => closedAtOnce)).toEqual([false, false, false]);
    const fourth = await openConnection(port);
    sockets.push(fourth.socket);
    expect(fourth.closedAtOnce).toBe(true);

    kept[0]!.socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await openConnection(port);
    sockets.push(again.socket);
    expect(again.closedAtOnce).toBe(false);
  });
});
