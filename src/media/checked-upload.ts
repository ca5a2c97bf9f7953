import { ApiException } from '../common/errors/api-exception';
import { hasMagic, MAGIC_PREFIX_BYTES, MediaType } from './media-types';

/**
 * Passes an upload's body through while checking it: never more than the announced size, and the
 * first bytes those of the announced type. Throws ApiException as soon as one fails, so a wrong
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
      head = Buffer.concat([head, bytes]);
      if (head.length >= MAGIC_PREFIX_BYTES) {
        checkMagic(type, head);
        head = undefined;
      }
    }
    inspect?.(bytes);
    yield bytes;
  }
  if (head) checkMagic(type, head);
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
