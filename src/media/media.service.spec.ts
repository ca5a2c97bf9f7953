import { randomBytes } from 'node:crypto';
import { TestClock } from '../common/clock/test-clock';
import { KeyRing } from '../common/crypto/key-ring';
import { ApiException } from '../common/errors/api-exception';
import type { AppConfig } from '../config/app-config';
import type { Database } from '../database/database';
import type { MediaStorage } from './media-storage';
import { MediaUrlSigner } from './media-url-signer';
import type { Medium } from './media.entity';
import { MediaService } from './media.service';
import type { MediaStore } from './media.store';
import { signedMediaId } from './signed-media-request';
import type { CustomersStore } from '../customers/customers.store';

const HOUR = 3600_000;

/**
 * How long the URLs MediaService signs open a medium, with the time set by a TestClock: the signer
 * is the real one (on the same clock); the store and the storage are stand-ins.
 */
function world() {
  const clock = new TestClock('2026-11-21T12:00:00Z');
  const config = { publicUrl: 'https://api.example.com', media: { quotaBytes: 0, retentionDays: 7 } } as AppConfig;
  const signer = new MediaUrlSigner(new KeyRing({ id: 'k1', key: randomBytes(32) }), config, clock);
  const store = {
    insert: jest.fn(
      async (medium: Pick<Medium, 'id' | 'customerId' | 'contentType' | 'size' | 'filename'>): Promise<Medium> => ({
        ...medium,
        state: 'awaiting_upload',
        durationMs: null,
        uploadBeatAt: null,
        failure: null,
        createdAt: clock.now(),
        uploadedAt: null,
        lastUsedAt: null,
      }),
    ),
  };
  // The announcement's transaction: the customer's lock is the only statement it runs itself.
  const database = { transaction: (work: (transaction: unknown) => Promise<unknown>) => work({ query: jest.fn() }) };
  const media = new MediaService(
    database as unknown as Database,
    store as unknown as MediaStore,
    {} as MediaStorage,
    signer,
    config,
    { lockForUpdate: jest.fn() } as unknown as CustomersStore,
    clock,
  );
  /** The medium the URL opens for `purpose`, or the refusal's message. */
  const opens = (purpose: 'upload' | 'file', url: string): string => {
    const parsed = new URL(url);
    const query = { expires: parsed.searchParams.get('expires')!, signature: parsed.searchParams.get('signature')! };
    try {
      return signedMediaId(signer, purpose, parsed.pathname.split('/').pop()!, query);
    } catch (error) {
      if (error instanceof ApiException) return error.message;
      throw error;
    }
  };
  return { clock, media, opens };
}

describe("MediaService's signed URLs", () => {
  it("opens the upload for an hour from the announcement, by the clock's time, and says so", async () => {
    const { clock, media, opens } = world();
    const created = await media.create('cus_1', { contentType: 'image/jpeg', size: 1000 });
    expect(created.expiresAt).toBe('2026-11-21T13:00:00.000Z');
    clock.advance(HOUR - 1000);
    expect(opens('upload', created.uploadUrl)).toBe(created.id);
    clock.advance(1000);
    expect(opens('upload', created.uploadUrl)).toBe('The upload URL has expired: create the medium again');
  });

  it("gives a network a day from the clock's time to fetch an uploaded medium", () => {
    const { clock, media, opens } = world();
    const url = media.publishUrl({ url: 'https://api.example.com/media-files/med_abc.jpg', mediaId: 'med_abc' });
    clock.advance(24 * HOUR - 1000);
    expect(opens('file', url)).toBe('med_abc');
    clock.advance(1000);
    expect(opens('file', url)).toBe('The media URL has expired');
  });

  it("hands a customer's own URL to the network as it is", () => {
    const { media } = world();
    expect(media.publishUrl({ url: 'https://cdn.example.com/a.jpg' })).toBe('https://cdn.example.com/a.jpg');
  });
});
