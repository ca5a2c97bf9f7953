/** A video's shape as app.bsky.embed.defs#aspectRatio states it: width and height, both at least 1. */
export interface AspectRatio {
  width: number;
  height: number;
}

/** The boxes a track header sits in: moov holds the tracks, each trak its header (ISO/IEC 14496-12). */
const CONTAINERS = new Set(['moov', 'trak']);

interface Box {
  type: string;
  start: number;
  end: number;
}

/** The boxes between start and end: a 32-bit size and a type, a 64-bit size when the first is 1, to the end when 0. */
function* boxes(data: Buffer, start: number, end: number): Generator<Box> {
  let at = start;
  while (at + 8 <= end) {
    let size = data.readUInt32BE(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) return;
      size = Number(data.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header || at + size > end) return;
    yield { type: data.toString('latin1', at + 4, at + 8), start: at + header, end: at + size };
    at += size;
  }
}

/**
 * The display size of an MP4's first visual track, from its track header (`tkhd`: width and height
 * are 16.16 fixed-point numbers after the matrix; audio tracks say 0). Bluesky's tutorial asks
 * clients to send the video's aspect ratio with the embed (https://docs.bsky.app/docs/tutorials/video,
 * "Aspect Ratios"); undefined when the file says none.
 */
export function mp4AspectRatio(data: Buffer, start = 0, end = data.length): AspectRatio | undefined {
  for (const box of boxes(data, start, end)) {
    if (CONTAINERS.has(box.type)) {
      const found = mp4AspectRatio(data, box.start, box.end);
      if (found) return found;
    } else if (box.type === 'tkhd' && box.end - box.start >= 84) {
      const version = data.readUInt8(box.start);
      const sizeAt = box.start + (version === 1 ? 88 : 76);
      if (sizeAt + 8 > box.end) continue;
      const width = Math.round(data.readUInt32BE(sizeAt) / 65536);
      const height = Math.round(data.readUInt32BE(sizeAt + 4) / 65536);
      if (width >= 1 && height >= 1) return { width, height };
    }
  }
  return undefined;
}
