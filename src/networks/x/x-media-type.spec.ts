import { NetworkError } from '../network-error';
import { xMediaType } from './x-media-type';

const PNG = Buffer.from('\x89PNG\r\n\x1a\n0000', 'latin1');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const FTYP = Buffer.from('\0\0\0\x18ftypqt  \0\0\0\0', 'latin1');

describe('xMediaType', () => {
  it('tells the type from the bytes first, whatever the URL or the origin said', () => {
    expect(xMediaType({ head: PNG, url: 'https://cdn.example/a.jpg', declared: 'image/jpeg' })).toBe('image/png');
    expect(xMediaType({ head: JPEG, url: 'https://cdn.example/photo', declared: 'application/octet-stream' })).toBe(
      'image/jpeg',
    );
  });

  it("tells MP4 from MOV (both ftyp) by the URL's extension or the declared type", () => {
    expect(xMediaType({ head: FTYP, url: 'https://cdn.example/clip.mov', declared: 'binary/octet-stream' })).toBe(
      'video/quicktime',
    );
    expect(xMediaType({ head: FTYP, url: 'https://cdn.example/clip', declared: 'video/quicktime' })).toBe(
      'video/quicktime',
    );
    expect(xMediaType({ head: FTYP, url: 'https://cdn.example/clip?v=2', declared: 'application/octet-stream' })).toBe(
      'video/mp4',
    );
  });

  it('without known bytes, goes by the extension (query left out), then by the declared type without its parameters', () => {
    const unknown = Buffer.from('not a known format');
    expect(
      xMediaType({ head: unknown, url: 'https://cdn.example/a.JPEG?x=1', declared: 'application/octet-stream' }),
    ).toBe('image/jpeg');
    expect(xMediaType({ head: unknown, url: 'https://cdn.example/v', declared: 'Video/MP4; charset=binary' })).toBe(
      'video/mp4',
    );
    expect(xMediaType({ declared: 'image/webp' })).toBe('image/webp');
  });

  it("refuses for good a medium whose type cannot be told, never passing on the origin's octet-stream", () => {
    const attempt = () =>
      xMediaType({ head: Buffer.from('????'), url: 'https://cdn.example/file', declared: 'application/octet-stream' });
    expect(attempt).toThrow(NetworkError);
    expect(attempt).toThrow(expect.objectContaining({ kind: 'permanent', details: { code: 'media_type_unknown' } }));
    expect(() => xMediaType({ declared: 'image/tiff' })).toThrow(expect.objectContaining({ kind: 'permanent' }));
  });
});
