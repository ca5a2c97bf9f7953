/**
 * How far into a file a sniffing client looks: the WHATWG MIME Sniffing standard reads a
 * "resource header" of at most 1445 bytes (https://mimesniff.spec.whatwg.org/#reading-the-resource-header).
 */
export const MARKUP_SCAN_BYTES = 1445;

/**
 * Markup that makes a browser run what follows as a page: the HTML tags the WHATWG standard sniffs
 * for (https://mimesniff.spec.whatwg.org/#identifying-a-resource-with-an-unknown-mime-type), SVG,
 * and the other tags that load or run something. Only patterns of four characters and more after
 * `<`: in compressed image data, a short one (`<a `, `<p>`) turns up by chance in about one file in
 * a thousand, these about never. XMP metadata, which cameras put at the start of JPEG and PNG files
 * (`<?xpacket`, `<x:xmpmeta`, `<rdf:RDF`), matches none of them.
 */
const MARKUP = [
  '<!doctype html',
  '<html',
  '<head',
  '<body',
  '<script',
  '<iframe',
  '<svg',
  '<object',
  '<embed',
  '<style',
  '<title',
  '<table',
  '<font',
  '<div',
  '<img',
  '<meta',
  '<link',
  '<base',
  '<form',
];

/**
 * The first markup found in a file's first bytes (MARKUP_SCAN_BYTES), case-insensitively, or
 * undefined. A file that begins as an image but carries such markup is a polyglot: served as the
 * image it is harmless to a browser that trusts our Content-Type (we send nosniff and a sandboxing
 * CSP), but a client that ignores them, or an old sniffer that looks for tags anywhere in the first
 * bytes (as Internet Explorer's did), would run it as a page on whatever origin serves it.
 */
export function markupIn(head: Buffer): string | undefined {
  const text = head.subarray(0, MARKUP_SCAN_BYTES).toString('latin1').toLowerCase();
  return MARKUP.find((tag) => text.includes(tag));
}
