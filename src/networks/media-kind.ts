import { MediaKind } from './network-adapter';

/** Every extension a media URL may end in, and the kind of medium it is: what the service publishes at all. */
export const KIND_BY_EXTENSION: Readonly<Record<string, MediaKind>> = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  webp: 'image',
  bmp: 'image',
  tif: 'image',
  tiff: 'image',
  gif: 'gif',
  mp4: 'video',
  mov: 'video',
  m4v: 'video',
};

/**
 * The lowercase extension of a URL's path (`jpg` for `https://cdn.example/a/B.JPG?w=2#x`), or
 * undefined when the last path segment has none. The query and fragment never count: CDNs put
 * anything there.
 */
export function mediaExtensionOf(url: string): string | undefined {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    // Not an absolute URL: judge what stands before any query or fragment.
    path = url.split(/[?#]/, 1)[0] ?? '';
  }
  const segment = path.slice(path.lastIndexOf('/') + 1);
  const dot = segment.lastIndexOf('.');
  if (dot <= 0 || dot === segment.length - 1) return undefined;
  return segment.slice(dot + 1).toLowerCase();
}

/** What a media URL points at, judged from its path's extension; undefined for an extension we do not publish. */
export function mediaKindOf(url: string): MediaKind | undefined {
  const extension = mediaExtensionOf(url);
  return extension === undefined ? undefined : KIND_BY_EXTENSION[extension];
}

/** The extensions of `kind` among `extensions` (all the service knows when absent), in their order. */
export function extensionsOf(
  kind: MediaKind,
  extensions: readonly string[] = Object.keys(KIND_BY_EXTENSION),
): string[] {
  return extensions.filter((extension) => KIND_BY_EXTENSION[extension] === kind);
}
