import { hasMagic, MEDIA_TYPES } from '../../media';
import { NetworkError } from '../network-error';

/**
 * The types the service sends X: those it knows the magic of (src/media/media-types.ts), all in
 * the enum of InitializeMediaUploadRequest.media_type in X's OpenAPI document (xdevplatform/xdk
 * specs/openapi.json), which refuses anything else, `application/octet-stream` included.
 */
const X_MEDIA_TYPES = Object.keys(MEDIA_TYPES);

const BY_EXTENSION: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.entries(MEDIA_TYPES).map(([type, { extension }]) => [extension, type])),
  jpeg: 'image/jpeg',
};

function extensionOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return /\.([a-z0-9]{1,5})$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase();
  } catch {
    return undefined;
  }
}

/** `video/mp4; charset=binary` → `video/mp4`: X takes the bare type only. */
function bareType(contentType: string | undefined): string | undefined {
  return contentType?.split(';')[0]?.trim().toLowerCase() || undefined;
}

/**
 * The media_type to tell X: what the file's first bytes are (magic numbers: JPEG, PNG, GIF, WEBP,
 * and MP4/MOV's `ftyp`, which the URL's extension or the declared type then tells apart), else
 * what the URL's extension says, else the declared Content-Type without its parameters when X
 * takes it. A medium none of these tells is refused for good: X would refuse it.
 */
export function xMediaType(medium: { head?: Buffer; url?: string; declared?: string }): string {
  const byExtension = BY_EXTENSION[extensionOf(medium.url) ?? ''];
  const declared = bareType(medium.declared);
  const named = [byExtension, declared].filter((type): type is string => type !== undefined);
  const head = medium.head;
  const byBytes = head ? X_MEDIA_TYPES.filter((type) => hasMagic(MEDIA_TYPES[type]!, head)) : [];
  const type =
    byBytes.find((candidate) => named.includes(candidate)) ??
    byBytes[0] ??
    named.find((candidate) => X_MEDIA_TYPES.includes(candidate));
  if (type) return type;
  throw new NetworkError(
    'x',
    'permanent',
    `The medium's type could not be told from its bytes, its URL or its Content-Type (${declared ?? 'none'}); X takes JPEG, PNG, GIF, WEBP, MP4 or MOV`,
    { code: 'media_type_unknown' },
  );
}
