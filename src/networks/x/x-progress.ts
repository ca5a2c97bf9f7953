import { arrayField, isRecord, JsonRecord, stringField } from '../http/json-fields';
import { PublishProgress } from '../network-adapter';

/** A medium uploaded for the part being published; X may still be processing it. */
export interface XUpload {
  id: string;
  ready: boolean;
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
  const id = isRecord(entry) ? stringField(entry, 'id') : undefined;
  return isRecord(entry) && id ? { id, ready: entry['ready'] === true } : undefined;
}

export function readXProgress(progress: PublishProgress): XProgress {
  const source: JsonRecord = isRecord(progress) ? progress : {};
  const tweetIds = (arrayField(source, 'tweetIds') ?? []).filter((item): item is string => typeof item === 'string');
  const uploads = (arrayField(source, 'uploads') ?? []).map(uploadOf).filter((upload): upload is XUpload => upload !== undefined);
  const uploadedAt = stringField(source, 'uploadedAt');
  return { tweetIds, uploads, ...(uploadedAt ? { uploadedAt } : {}) };
}

export function xProgressJson(progress: XProgress): PublishProgress {
  return { ...progress, tweetIds: [...progress.tweetIds], uploads: progress.uploads.map((upload) => ({ ...upload })) };
}
