import { createSocket, Socket } from 'node:dgram';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AddressInfo } from 'node:net';
import { BoundedResolver, UnresolvableNameError } from './bounded-resolver';

/** A name server that never answers: it only counts the queries it receives. */
async function silentServer(): Promise<{ socket: Socket; server: string; queries: () => number }> {
  let count = 0;
  const socket = createSocket('udp4');
  socket.on('message', () => count++);
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { socket, server: `127.0.0.1:${(socket.address() as AddressInfo).port}`, queries: () => count };
}

describe('BoundedResolver', () => {
  let silent: Awaited<ReturnType<typeof silentServer>>;
  beforeAll(async () => (silent = await silentServer()));
  afterAll(() => silent.socket.close());

  it('gives up on a silent name at its deadline, and remembers the failure', async () => {
    const resolver = new BoundedResolver({ servers: [silent.server], timeoutMs: 200, perOwnerConcurrency: 5 });
    const started = Date.now();
    await expect(resolver.resolve('quiet.example')).rejects.toBeInstanceOf(UnresolvableNameError);
    expect(Date.now() - started).toBeLessThan(1_000);
    const asked = silent.queries();
    await expect(resolver.resolve('QUIET.example')).rejects.toThrow(/quiet.example does not resolve/);
    expect(silent.queries()).toBe(asked);
  });

  it('runs one owner`s names a few at a time, without holding up another owner', async () => {
    const resolver = new BoundedResolver({ servers: [silent.server], timeoutMs: 200, perOwnerConcurrency: 2 });
    const started = Date.now();
    const greedy = Promise.allSettled(
      Array.from({ length: 6 }, (_, index) => resolver.resolve(`n${index}.greedy.example`, 'greedy')),
    ).then(() => Date.now() - started);
    const other = resolver
      .resolve('one.other.example', 'other')
      .catch(() => undefined)
      .then(() => Date.now() - started);
    // The greedy owner's six names take three rounds; the other owner's one name takes one.
    expect(await other).toBeLessThan(700);
    expect(await greedy).toBeGreaterThanOrEqual(550);
  });

  it('does not make one owner wait for a name queued behind another owner`s names', async () => {
    const resolver = new BoundedResolver({ servers: [silent.server], timeoutMs: 200, perOwnerConcurrency: 1 });
    const started = Date.now();
    const queued = ['a', 'b', 'c', 'shared'].map((label) =>
      resolver.resolve(`${label}.queue.example`, 'greedy').catch(() => undefined),
    );
    await resolver.resolve('shared.queue.example', 'other').catch(() => undefined);
    expect(Date.now() - started).toBeLessThan(700);
    await Promise.all(queued);
  });

  it('does not queue resolutions without an owner behind each other', async () => {
    const resolver = new BoundedResolver({ servers: [silent.server], timeoutMs: 200, perOwnerConcurrency: 1 });
    const started = Date.now();
    await Promise.allSettled(Array.from({ length: 4 }, (_, index) => resolver.resolve(`n${index}.anyone.example`)));
    expect(Date.now() - started).toBeLessThan(700);
  });

  it('reads the hosts file first, as getaddrinfo does (c-ares does not)', async () => {
    const hostsFile = join(mkdtempSync(join(tmpdir(), 'hosts-')), 'hosts');
    writeFileSync(hostsFile, '127.0.1.1 builder.internal # this machine\n10.0.0.5 intranet.example\n');
    const resolver = new BoundedResolver({
      servers: [silent.server],
      timeoutMs: 200,
      perOwnerConcurrency: 5,
      hostsFile,
    });
    const asked = silent.queries();
    expect(await resolver.resolve('Builder.Internal.')).toEqual(['127.0.1.1']);
    expect(await resolver.resolve('intranet.example')).toEqual(['10.0.0.5']);
    expect(silent.queries()).toBe(asked);
  });
});
