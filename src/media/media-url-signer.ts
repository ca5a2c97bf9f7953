import { Inject, Injectable } from '@nestjs/common';
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { Clock } from '../common/clock/clock';
import { KeyRing } from '../common/crypto/key-ring';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';

/** What a signed media URL lets its holder do: put the bytes once, or read them. */
export type MediaUrlPurpose = 'upload' | 'file';

/** The paths of the signed routes, outside /api/v1: their signature is their key. */
export const MEDIA_UPLOAD_PATH = '/media-uploads';
export const MEDIA_FILE_PATH = '/media-files';

export type SignatureCheck = { ok: true } | { ok: false; reason: 'expired' | 'invalid' };

/**
 * Signs and checks the service's media URLs: an HMAC-SHA256 of purpose, medium and expiry, keyed
 * by a key derived from the active encryption key (so nothing new is to be kept secret; rotating
 * that key ends every outstanding URL). A URL is expired from its expiry on, by the clock's time.
 */
@Injectable()
export class MediaUrlSigner {
  private readonly key: Buffer;

  constructor(
    keys: KeyRing,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', keys.active.key, Buffer.alloc(0), 'media-url-signing', 32));
  }

  /** `<publicUrl><path>/<mediaId>.<extension>?expires=<unix seconds>&signature=<hex>`. */
  url(purpose: MediaUrlPurpose, mediaId: string, extension: string, expiresAt: Date): string {
    const expires = Math.floor(expiresAt.getTime() / 1000);
    const path = purpose === 'upload' ? MEDIA_UPLOAD_PATH : MEDIA_FILE_PATH;
    const signature = this.signature(purpose, mediaId, expires);
    return `${this.config.publicUrl}${path}/${mediaId}.${extension}?expires=${expires}&signature=${signature}`;
  }

  check(
    purpose: MediaUrlPurpose,
    mediaId: string,
    expires: string | undefined,
    signature: string | undefined,
  ): SignatureCheck {
    if (!expires || !/^\d{1,12}$/.test(expires) || !signature || !/^[0-9a-f]{64}$/.test(signature))
      return { ok: false, reason: 'invalid' };
    const expected = Buffer.from(this.signature(purpose, mediaId, Number(expires)), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return { ok: false, reason: 'invalid' };
    if (Number(expires) * 1000 <= this.clock.now().getTime()) return { ok: false, reason: 'expired' };
    return { ok: true };
  }

  private signature(purpose: MediaUrlPurpose, mediaId: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${purpose}\n${mediaId}\n${expires}`).digest('hex');
  }
}
