import { randomBytes } from 'node:crypto';
import { KeyRing } from '../common/crypto/key-ring';
import type { AppConfig } from '../config/app-config';
import { MediaUrlSigner } from './media-url-signer';

const config = { publicUrl: 'https://api.example.com' } as AppConfig;
const signer = (key = randomBytes(32)) => new MediaUrlSigner(new KeyRing({ id: 'k1', key }), config);
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
  const later = new Date(Date.now() + 60_000);

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
    expect(signer(key).check('file', 'med_abc', expires, signature, new Date(later.getTime() + 1_000))).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('refuses a missing or malformed signature or expiry', () => {
    expect(signer(key).check('file', 'med_abc', undefined, 'ab')).toEqual({ ok: false, reason: 'invalid' });
    expect(signer(key).check('file', 'med_abc', '12', 'zz')).toEqual({ ok: false, reason: 'invalid' });
  });
});
