import { progressStrings } from '../graph/graph-publishing';
import { isRecord, stringField } from '../http/json-fields';
import { PublishProgress } from '../network-adapter';

/** How far an Instagram delivery got; stored on the delivery as plain JSON between attempts. */
export interface InstagramProgress {
  /** Carousel item containers already created, in media order. */
  childIds: string[];
  /** The container to publish (image, Reel or carousel), once created. */
  containerId?: string;
  /** When that container was created (ISO 8601): polling gives up some minutes after. */
  containerCreatedAt?: string;
  /** The published medium, once media_publish answered. */
  mediaId?: string;
  /** The comments already made for the thread parts, in order. */
  commentIds: string[];
}

export function readInstagramProgress(progress: PublishProgress): InstagramProgress {
  const source = isRecord(progress) ? progress : {};
  const optional = (key: keyof InstagramProgress) => {
    const value = stringField(source, key);
    return value === undefined ? {} : { [key]: value };
  };
  return {
    childIds: progressStrings(source, 'childIds'),
    commentIds: progressStrings(source, 'commentIds'),
    ...optional('containerId'),
    ...optional('containerCreatedAt'),
    ...optional('mediaId'),
  };
}

export function instagramProgressJson(progress: InstagramProgress): PublishProgress {
  return { ...progress, childIds: [...progress.childIds], commentIds: [...progress.commentIds] };
}
