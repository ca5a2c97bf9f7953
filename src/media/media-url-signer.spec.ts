import { randomBytes } from 'node:crypto';
import { TestClock } from '../common/clock/test-clock';
import { KeyRing } from '../common/crypto/key-ring';
import type { AppConfig } from '../config/app-config';
import { MediaUrlSigner } from './media-url-signer';

const config = { publicUrl: 'https://api.example.com' } as AppConfig;
const signer = (key = randomBytes(32), clock = new TestClock('2026-11-21T12:00:00Z')) =>
  new MediaUrlSigner(new KeyRing({ id: 'k1', key }), config, clock);
const parts = (url: string) => {
  const parsed = new URL(url);
  return {
    path: parsed.pathname,
    expires: parsed.searchParams.get('expires') ?? undefined,
    signature: parsed.searchParams.get('signature') ?? undefined,
  };
};

describe('MediaUrlSigner', () => {
  const key = randomBytes(32);
  const later = new Date('2026-11-21T12:01:00Z');

  it('signs a URL of the service that checks for its purpose and medium until it expires', () => {
    const url = signer(key).url('file', 'med_abc', 'jpg', later);
    const { path, expires, signature } = parts(url);
    expect(path).toBe('/media-files/med_abc.jpg');
    expect(signer(key).check('file', 'med_abc', expires, signature)).toEqual({ ok: true });
    expect(signer(key).check('upload', 'med_abc', expires, signature)).toEqual({ ok: false, reason: 'invalid' });
    expect(signer(key).check('file', 'med_abd', expires, signature)).toEqual({ ok: false, reason: 'invalid' });
    expect(signer(key).check('file', 'med_abc', String(Number(expires) + 1), signature)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(signer().check('file', 'med_abc', expires, signature)).toEqual({ ok: false, reason: 'invalid' });
  });

  it("holds a URL valid until its expiry by the clock's time, and expired from then on", () => {
    const clock = new TestClock('2026-11-21T12:00:00Z');
    const { expires, signature } = parts(signer(key, clock).url('upload', 'med_abc', 'jpg', later));
    clock.set('2026-11-21T12:00:59.999Z');
    expect(signer(key, clock).check('upload', 'med_abc', expires, signature)).toEqual({ ok: true });
    clock.set(later);
    expect(signer(key, clock).check('upload', 'med_abc', expires, signature)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a missing or malformed signature or expiry', () => {
    expect(signer(key).check('file', 'med_abc', undefined, 'ab')).toEqual({ ok: false, reason: 'invalid' });
    expect(signer(key).check('file', 'med_abc', '12', 'zz')).toEqual({ ok: false, reason: 'invalid' });
  });
});
