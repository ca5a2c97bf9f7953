import { randomBytes } from 'node:crypto';
import { MARKUP_SCAN_BYTES, markupIn } from './markup-sniff';

const latin1 = (text: string) => Buffer.from(text, 'latin1');

describe('markupIn', () => {
  it('finds HTML and SVG tags anywhere in the first bytes, in any case', () => {
    expect(markupIn(latin1('\xff\xd8\xff\xfe\x00\x10<HtMl><body>'))).toBe('<html');
    expect(markupIn(latin1('GIF89a<svg onload=alert(1)>'))).toBe('<svg');
    expect(markupIn(latin1('\x89PNG....<ScRiPt>'))).toBe('<script');
    expect(markupIn(latin1('<!DOCTYPE HTML>'))).toBe('<!doctype html');
  });

  it(`looks at the first ${MARKUP_SCAN_BYTES} bytes only, as a browser's sniffer does`, () => {
    expect(markupIn(Buffer.concat([Buffer.alloc(MARKUP_SCAN_BYTES - 7), latin1('<script')]))).toBe('<script');
    expect(markupIn(Buffer.concat([Buffer.alloc(MARKUP_SCAN_BYTES - 6), latin1('<script')]))).toBeUndefined();
  });

  it('leaves camera metadata (XMP) and stray angle brackets alone', () => {
    const xmp =
      '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>';
    expect(markupIn(latin1(`\xff\xd8\xff\xe1${xmp}`))).toBeUndefined();
    expect(markupIn(latin1('a < b > c <a href> <p>'))).toBeUndefined();
  });

  it('about never finds markup in random bytes', () => {
    let found = 0;
    for (let i = 0; i < 2_000; i++) if (markupIn(randomBytes(MARKUP_SCAN_BYTES))) found++;
    expect(found).toBe(0);
  });
});
