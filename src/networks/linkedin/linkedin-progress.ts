import { PublishProgress } from '../network-adapter';

/**
 * How far a LinkedIn delivery got, kept between attempts: the URN of each medium uploaded (in the
 * post's order), the document's, when the post's creation was sent (so a retry after a lost answer
 * looks for the post before creating it again), and the post's URN once LinkedIn gave it.
 */
export interface LinkedInProgress {
  media: string[];
  documentUrn?: string;
  /** When a video or document was first read still processing: it is given up after LINKEDIN_PROCESSING_LIMIT_MS. */
  processingSince?: string;
  creatingAt?: string;
  postUrn?: string;
}

export function readLinkedInProgress(progress: PublishProgress): LinkedInProgress {
  const media = Array.isArray(progress.media)
    ? progress.media.filter((urn): urn is string => typeof urn === 'string')
    : [];
  const text = (key: string) => (typeof progress[key] === 'string' ? (progress[key] as string) : undefined);
  const documentUrn = text('documentUrn');
  const creatingAt = text('creatingAt');
  const processingSince = text('processingSince');
  const postUrn = text('postUrn');
  return {
    media,
    ...(documentUrn ? { documentUrn } : {}),
    ...(processingSince ? { processingSince } : {}),
    ...(creatingAt ? { creatingAt } : {}),
    ...(postUrn ? { postUrn } : {}),
  };
}

export function linkedInProgressJson(progress: LinkedInProgress): PublishProgress {
  return { ...progress, media: [...progress.media] };
}
