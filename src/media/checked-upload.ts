import { ApiException } from '../common/errors/api-exception';
import { MARKUP_SCAN_BYTES, markupIn } from './markup-sniff';
import { hasMagic, MAGIC_PREFIX_BYTES, MediaType } from './media-types';

/** The first bytes kept to check: the type's magic, and the markup a sniffer would find. */
const HEAD_BYTES = Math.max(MAGIC_PREFIX_BYTES, MARKUP_SCAN_BYTES);

/**
 * Passes an upload's body through while checking it: never more than the announced size, the
 * first bytes those of the announced type, and no HTML or SVG markup in the first bytes a browser
 * sniffs (markup-sniff.ts: a polyglot is refused, whatever its magic). Throws ApiException as soon as one fails, so a wrong
 * file is not read to its end. `inspect` sees every piece too (a video's duration is read so).
 */
export async function* checkedUpload(
  body: AsyncIterable<Buffer | string>,
  type: MediaType,
  size: number,
  inspect?: (bytes: Buffer) => void,
): AsyncGenerator<Buffer> {
  let received = 0;
  let head: Buffer | undefined = Buffer.alloc(0);
  for await (const piece of body) {
    const bytes = typeof piece === 'string' ? Buffer.from(piece) : piece;
    received += bytes.length;
    if (received > size)
      throw new ApiException(
        'payload_too_large',
        `The body is longer than the ${size} bytes announced when the medium was created`,
      );
    if (head) {
      head = Buffer.concat([head, bytes.subarray(0, HEAD_BYTES - head.length)]);
      // The magic as soon as it can be read: a wrong file is refused at its first piece.
      if (head.length >= MAGIC_PREFIX_BYTES) checkMagic(type, head);
      if (head.length >= HEAD_BYTES) {
        checkMarkup(head);
        head = undefined;
      }
    }
    inspect?.(bytes);
    yield bytes;
  }
  if (head) {
    checkMagic(type, head);
    checkMarkup(head);
  }
  if (received !== size)
    throw new ApiException(
      'bad_request',
      `The body has ${received} bytes; ${size} were announced when the medium was created`,
    );
}

function checkMagic(type: MediaType, head: Buffer): void {
  if (!hasMagic(type, head))
    throw new ApiException(
      'unsupported_media_type',
      `The bytes are not a ${type.extension.toUpperCase()} file, as the medium's contentType says`,
    );
}

function checkMarkup(head: Buffer): void {
  const markup = markupIn(head);
  if (markup)
    throw new ApiException(
      'unsupported_media_type',
      `The file carries markup (${markup}…) in its first ${MARKUP_SCAN_BYTES} bytes, where a browser looks to guess a type: ` +
        'an image or video with HTML or SVG inside is refused. Save it again without that metadata',
    );
}
