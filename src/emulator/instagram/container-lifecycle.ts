import { EmulatorState } from '../state/emulator-state';
import { INSTAGRAM_CONTAINERS, InstagramContainer } from './instagram-stored-objects';

/** The status text of a container whose video could not be downloaded. */
export const MEDIA_DOWNLOAD_FAILED_STATUS =
  "Error: Media download has failed. The media URI doesn't meet our requirements. (2207052)";

/** Containers not published within 24 hours expire. */
const CONTAINER_LIFETIME_MS = 24 * 3600_000;

/** Videos are processed before they can be published: reels, carousel videos and video stories. */
function isVideo(container: Pick<InstagramContainer, 'mediaType' | 'storyMedium'>): boolean {
  return container.mediaType === 'VIDEO' || container.mediaType === 'REELS' || container.storyMedium === 'video';
}

function setStatus(container: InstagramContainer, status: InstagramContainer['status'], text?: string): void {
  container.status = status;
  container.statusText =
    text ??
    (status === 'IN_PROGRESS'
      ? 'In Progress'
      : status === 'FINISHED'
        ? 'Finished'
        : status === 'EXPIRED'
          ? 'Expired'
          : status === 'PUBLISHED'
            ? 'Published'
            : container.statusText);
}

/**
 * One status poll: videos stay IN_PROGRESS for the configured number of polls and time, images
 * are ready at once, a carousel is as ready as its least ready child, and anything unpublished
 * after 24 hours expires.
 */
export function pollContainer(state: EmulatorState, container: InstagramContainer): InstagramContainer {
  if (container.status === 'PUBLISHED' || container.status === 'ERROR' || container.status === 'EXPIRED')
    return container;
  const now = state.now();
  if (now - container.createdAt >= CONTAINER_LIFETIME_MS) {
    setStatus(container, 'EXPIRED');
    return container;
  }
  container.polls += 1;
  if (container.mediaType === 'CAROUSEL') {
    const children = container.children
      .map((id) => state.objects.of(INSTAGRAM_CONTAINERS).get(id))
      .filter((child) => child !== undefined);
    children.forEach((child) => pollContainer(state, child));
    // A video item that could not be downloaded says so on the carousel too, as the reason it failed.
    if (children.some((child) => child.downloadFailure !== undefined))
      setStatus(container, 'ERROR', MEDIA_DOWNLOAD_FAILED_STATUS);
    else if (children.some((child) => child.status === 'ERROR' || child.status === 'EXPIRED'))
      setStatus(container, 'ERROR', 'Error: A carousel item failed to process. (2207001)');
    else if (children.every((child) => child.status === 'FINISHED')) setStatus(container, 'FINISHED');
    return container;
  }
  if (!isVideo(container)) {
    setStatus(container, 'FINISHED');
    return container;
  }
  // Instagram's status text for a video it could not download names the download error (2207052).
  if (container.downloadFailure !== undefined) {
    setStatus(container, 'ERROR', MEDIA_DOWNLOAD_FAILED_STATUS);
    return container;
  }
  const { instagramVideoPolls, instagramVideoProcessingMs } = state.settings;
  if (container.polls > instagramVideoPolls && now - container.createdAt >= instagramVideoProcessingMs)
    setStatus(container, 'FINISHED');
  return container;
}

/** The status a freshly created container starts in. */
export function initialStatus(
  container: Pick<InstagramContainer, 'mediaType' | 'storyMedium'>,
): Pick<InstagramContainer, 'status' | 'statusText'> {
  if (container.mediaType !== 'CAROUSEL' && !isVideo(container)) return { status: 'FINISHED', statusText: 'Finished' };
  return { status: 'IN_PROGRESS', statusText: 'In Progress' };
}
