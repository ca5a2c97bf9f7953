import { arrayField, isRecord, JsonRecord, stringField } from '../http/json-fields';
import { PublishProgress } from '../network-adapter';

/** A medium uploaded for the part being published; X may still be processing it. */
export interface XUpload {
  id: string;
  /**
   * The medium's key (`media_key`, e.g. `3_{id}`), as the upload answered it: a tweet names its
   * media by key (`attachments.media_keys`), which is how a resumed attempt finds the tweet that
   * carries this medium.
   */
  key?: string;
  ready: boolean;
  /** Its alt text was set (`POST /2/media/metadata`); absent until then, and for a medium without alt text. */
  altTextSent?: boolean;
}

/** How far an X delivery got; stored on the delivery as plain JSON between attempts. */
export interface XProgress {
  /** The tweets already posted, one per part, in order. */
  tweetIds: string[];
  /** Media uploaded for the next part (the one after the last tweet), in media order. */
  uploads: XUpload[];
  /** When the first of those uploads finished (ISO 8601): processing is given up on some minutes after. */
  uploadedAt?: string;
}

function uploadOf(entry: unknown): XUpload | undefined {
  if (!isRecord(entry)) return undefined;
  const id = stringField(entry, 'id');
  const key = stringField(entry, 'key');
  return id
    ? {
        id,
        ...(key ? { key } : {}),
        ready: entry['ready'] === true,
        ...(entry['altTextSent'] === true ? { altTextSent: true } : {}),
      }
    : undefined;
}

export function readXProgress(progress: PublishProgress): XProgress {
  const source: JsonRecord = isRecord(progress) ? progress : {};
  const tweetIds = (arrayField(source, 'tweetIds') ?? []).filter((item): item is string => typeof item === 'string');
  const uploads = (arrayField(source, 'uploads') ?? [])
    .map(uploadOf)
    .filter((upload): upload is XUpload => upload !== undefined);
  const uploadedAt = stringField(source, 'uploadedAt');
  return { tweetIds, uploads, ...(uploadedAt ? { uploadedAt } : {}) };
}

export function xProgressJson(progress: XProgress): PublishProgress {
  return { ...progress, tweetIds: [...progress.tweetIds], uploads: progress.uploads.map((upload) => ({ ...upload })) };
}
