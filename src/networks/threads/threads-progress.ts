import { arrayField, isRecord, JsonRecord, stringField } from '../http/json-fields';
import { PublishProgress } from '../network-adapter';

/** How far one post of a thread got: its containers, then its published id. */
export interface ThreadsPartProgress {
  /** Carousel item containers already created, in media order. */
  childIds: string[];
  /** The container to publish (text, image, video or carousel), once created. */
  containerId?: string;
  /** When it was created (ISO 8601): reading its status gives up some minutes after. */
  containerCreatedAt?: string;
  /** The published post, once threads_publish answered (or a resumed attempt found it). */
  mediaId?: string;
}

/** How far a Threads delivery got; stored on the delivery as plain JSON between attempts. */
export interface ThreadsProgress {
  /** One entry per container of the post, in order: the post, then its replies. */
  parts: ThreadsPartProgress[];
}

function readPart(value: unknown): ThreadsPartProgress {
  const source: JsonRecord = isRecord(value) ? value : {};
  const optional = (key: 'containerId' | 'containerCreatedAt' | 'mediaId') => {
    const text = stringField(source, key);
    return text === undefined ? {} : { [key]: text };
  };
  const childIds = (arrayField(source, 'childIds') ?? []).filter((id): id is string => typeof id === 'string');
  return { childIds, ...optional('containerId'), ...optional('containerCreatedAt'), ...optional('mediaId') };
}

export function readThreadsProgress(progress: PublishProgress): ThreadsProgress {
  const parts = isRecord(progress) ? (arrayField(progress, 'parts') ?? []) : [];
  return { parts: parts.map(readPart) };
}

export function threadsProgressJson(progress: ThreadsProgress): PublishProgress {
  return { parts: progress.parts.map((part) => ({ ...part, childIds: [...part.childIds] })) };
}

/** The ids of the posts published so far, in order: the post, then its replies. */
export function publishedIds(progress: ThreadsProgress): string[] {
  return progress.parts.map((part) => part.mediaId).filter((id): id is string => id !== undefined);
}
