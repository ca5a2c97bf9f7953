import { ApiException } from '../common/errors/api-exception';
import { checkedUpload } from './checked-upload';
import { MEDIA_TYPES } from './media-types';

async function drain(body: Buffer[], type: string, size: number): Promise<Buffer> {
  async function* pieces() {
    yield* body;
  }
  const out: Buffer[] = [];
  for await (const piece of checkedUpload(pieces(), MEDIA_TYPES[type]!, size)) out.push(piece);
  return Buffer.concat(out);
}

const PNG = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(20)]);

describe('checkedUpload', () => {
  it('passes the announced bytes through, in pieces of any size', async () => {
    expect(await drain([PNG.subarray(0, 2), PNG.subarray(2)], 'image/png', PNG.length)).toEqual(PNG);
  });

  it('refuses more bytes than announced, fewer, or bytes of another type', async () => {
    await expect(drain([PNG], 'image/png', PNG.length - 1)).rejects.toMatchObject({ code: 'payload_too_large' });
    await expect(drain([PNG], 'image/png', PNG.length + 1)).rejects.toMatchObject({ code: 'bad_request' });
    await expect(drain([PNG], 'image/jpeg', PNG.length)).rejects.toBeInstanceOf(ApiException);
    await expect(drain([PNG], 'image/jpeg', PNG.length)).rejects.toMatchObject({ code: 'unsupported_media_type' });
  });

  it('refuses markup a sniffer would run in the first bytes, even when it arrives in small pieces', async () => {
    const polyglot = Buffer.concat([PNG, Buffer.from('<script>alert(1)</script>'), Buffer.alloc(3000)]);
    const pieces = Array.from({ length: Math.ceil(polyglot.length / 7) }, (_, i) =>
      polyglot.subarray(i * 7, i * 7 + 7),
    );
    await expect(drain(pieces, 'image/png', polyglot.length)).rejects.toMatchObject({
      code: 'unsupported_media_type',
      message: expect.stringContaining('<script'),
    });
    // A file shorter than the window is checked at its end.
    const short = Buffer.concat([PNG, Buffer.from('<svg/onload=alert(1)>')]);
    await expect(drain([short], 'image/png', short.length)).rejects.toMatchObject({ code: 'unsupported_media_type' });
  });
});
