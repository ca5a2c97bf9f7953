import { MEDIA_TYPES } from './media-types';

/**
 * The headers that make a served medium only ever the medium it is, whoever opens its URL: the
 * Content-Type of an accepted media type (the upload checked the bytes' magic against it; anything
 * else would be served as opaque bytes), `nosniff` so a browser never second-guesses it
 * (https://fetch.spec.whatwg.org/#x-content-type-options-header), a CSP that lets nothing load or
 * run and sandboxes the document should one ever be rendered
 * (https://www.w3.org/TR/CSP3/#directive-sandbox), and `inline` with the file's own name, so a
 * browser shows it or saves it under a harmless name, never as something else.
 */
export function servedMediaHeaders(file: string, contentType: string): Record<string, string> {
  const safeName = /^[A-Za-z0-9_]+\.[a-z0-9]{1,5}$/.test(file) ? file : 'medium.bin';
  return {
    'Content-Type': MEDIA_TYPES[contentType] ? contentType : 'application/octet-stream',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Content-Disposition': `inline; filename="${safeName}"`,
  };
}
