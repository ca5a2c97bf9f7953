import { createServer } from 'node:http';
import { request } from 'node:http';
import { AddressInfo } from 'node:net';
import { AppConfig } from '../config/app-config';
import { isForbiddenAddress, UrlSafety } from './url-safety';

const strict = new UrlSafety({ allowPrivateUrls: false } as AppConfig);

describe('isForbiddenAddress', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '198.18.0.1',
    '::1',
    'fd00::1',
    'fe80::1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    '2002:a00:1::',
  ])('forbids %s', (address) => expect(isForbiddenAddress(address)).toBe(true));

  it.each(['1.1.1.1', '93.184.216.34', '2606:4700:4700::1111'])('allows %s', (address) =>
    expect(isForbiddenAddress(address)).toBe(false),
  );

  // IPv4-mapped addresses (::ffff:0:0/96) in any spelling are judged as the IPv4 address they carry.
  it.each([
    ['::ffff:a00:1', '10.0.0.1'],
    ['::ffff:7f00:1', '127.0.0.1'],
    ['0:0:0:0:0:ffff:7f00:1', '127.0.0.1'],
    ['::FFFF:A9FE:A9FE', '169.254.169.254'],
    ['::ffff:0.0.0.0', '0.0.0.0'],
  ])('forbids the IPv4-mapped %s (%s)', (address) => expect(isForbiddenAddress(address)).toBe(true));

  it.each(['::ffff:101:101', '::ffff:1.1.1.1'])('allows the IPv4-mapped public %s', (address) =>
    expect(isForbiddenAddress(address)).toBe(false),
  );

  // RFC 8215's local-use NAT64 prefix, and the deprecated site-local prefix (RFC 3879).
  it.each(['64:ff9b:1::a00:1', '64:ff9b:1:ffff::1', 'fec0::1', 'feff::1'])('forbids %s', (address) =>
    expect(isForbiddenAddress(address)).toBe(true),
  );
});

describe('UrlSafety.connectLookup', () => {
  it('is absent when private URLs are allowed', () => {
    expect(new UrlSafety({ allowPrivateUrls: true } as AppConfig).connectLookup()).toBeUndefined();
  });

  it('refuses, at connect time, a name that resolves to a loopback address', async () => {
    const server = createServer((_, response) => response.end('reached'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      // "localhost" stands for any name that resolves to a private address (check() refuses this
      // one by name; the lookup must refuse it by address, as it would a rebound name).
      const outcome = await new Promise<string>((resolve) => {
        const outgoing = request({ host: 'localhost', port, path: '/', lookup: strict.connectLookup() }, () =>
          resolve('connected'),
        );
        outgoing.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
        outgoing.end();
      });
      expect(outcome).toBe('EADDRFORBIDDEN');
    } finally {
      server.close();
    }
  });
});

describe('the service itself', () => {
  const development = new UrlSafety({
    allowPrivateUrls: true,
    host: '0.0.0.0',
    port: 3000,
    publicUrl: 'https://sandbox.example.com',
  } as AppConfig);

  it.each([
    'http://localhost:3000/emulator/control/reset',
    'http://127.0.0.1:3000/emulator/control/reset',
    'http://[::1]:3000/emulator/control/reset',
    'http://0.0.0.0:3000/x',
    'https://sandbox.example.com/emulator/control/reset',
    'https://SANDBOX.example.com:443/hooks',
  ])('refuses %s even with ALLOW_PRIVATE_URLS', async (url) => {
    expect(await development.check(url)).toEqual({
      ok: false,
      problem: 'private',
      reason: expect.stringMatching(/must not point at this service itself/),
    });
  });

  it.each(['http://localhost:3001/hooks', 'http://127.0.0.1:8000/a.jpg', 'http://sandbox.example.com/hooks'])(
    'takes %s (another port) with ALLOW_PRIVATE_URLS',
    async (url) => expect(await development.check(url)).toEqual({ ok: true }),
  );

  it('refuses a redirect to the service itself, even with ALLOW_PRIVATE_URLS', () => {
    const guard = development.redirectGuard();
    expect(() => guard({ hostname: '127.0.0.1', port: 3000, protocol: 'http:' })).toThrow(/private or loopback/);
    expect(() => guard({ hostname: '127.0.0.1', port: 8000, protocol: 'http:' })).not.toThrow();
  });
});

describe('UrlSafety.check', () => {
  it.each([
    ['photo.jpg', 'malformed', /absolute URL/],
    ['ftp://1.1.1.1/a.jpg', 'malformed', /http or https/],
    ['https://me:pw@1.1.1.1/a.jpg', 'malformed', /credentials/],
    [
      'https://10.0.0.5/a.jpg',
      'private',
      /private or loopback address \(allowed for local development with ALLOW_PRIVATE_URLS=true/,
    ],
    ['http://localhost/a.jpg', 'private', /ALLOW_PRIVATE_URLS=true, which production refuses/],
  ])('refuses %s, saying why (%s)', async (url, problem, reason) => {
    expect(await strict.check(url)).toEqual({ ok: false, problem, reason: expect.stringMatching(reason) });
  });

  it('takes a public address literal', async () => {
    expect(await strict.check('https://1.1.1.1/a.jpg')).toEqual({ ok: true });
  });
});
