import type { MediaProbeResult } from '../../common/media-url-probe';
import { ThreadsContract, threadsPublishingRules } from '../../contracts';
import { GraphError } from '../graph/graph-error';
import { Params } from '../http/request-params';
import { EmulatorState } from '../state/emulator-state';
import { graphId } from '../state/emulator-ids';
import { threadsError } from './threads-access';
import { THREADS_CONTAINERS, ThreadsContainer, ThreadsContainerOptions } from './threads-stored-objects';

const rules = threadsPublishingRules();
const CONTAINER_LIFETIME_MS = rules.container.lifetimeSeconds * 1000;

const refused = (message: string, userTitle?: string) =>
  threadsError(new GraphError({ code: 100, message: `(#100) ${message}`, ...(userTitle ? { userTitle } : {}) }));

/** What fetching a media URL gave: the emulator fetched it before the world was loaded (media-fetch.ts). */
export type FetchedMedia = (url: string) => MediaProbeResult;

function optionsOf(params: Params): ThreadsContainerOptions {
  const poll =
    params.poll_attachment === undefined ? undefined : (JSON.parse(params.poll_attachment) as Record<string, string>);
  const entries: [keyof ThreadsContainerOptions, unknown][] = [
    ['replyControl', params.reply_control],
    ['replyToId', params.reply_to_id],
    ['quotePostId', params.quote_post_id],
    ['topicTag', params.topic_tag],
    ['linkAttachment', params.link_attachment],
    ['poll', poll],
    ['altText', params.alt_text],
  ];
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined)) as ThreadsContainerOptions;
}

function carouselChildren(state: EmulatorState, userId: string, list: string): string[] {
  const ids = list
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  for (const id of ids) {
    const child = state.objects.of(THREADS_CONTAINERS).get(id);
    if (!child || child.userId !== userId || !child.isCarouselItem || child.status === 'PUBLISHED')
      throw refused(`The media with id ${id} cannot be used as a carousel item.`);
  }
  return ids;
}

/** The post a reply or a quote names, alive on Threads; the reference pages give no error text, so Graph's own. */
function requirePost(state: EmulatorState, id: string, name: string): void {
  const post = state.published.find('threads', id);
  if (!post || post.deletedAt) throw refused(`Param ${name} is not a valid Threads post id (${id})`);
}

/**
 * Validates `POST /{threads-user-id}/threads` (the contract's rules, every one refused with code
 * 100; more than 5 links with THREADS_API__LINK_LIMIT_EXCEEDED) and builds the container. An image
 * Threads cannot fetch is refused at once; a video is fetched while it is processed, so its
 * container ends in ERROR (FAILED_DOWNLOADING_VIDEO) at a later status read.
 */
export function buildThreadsContainer(
  state: EmulatorState,
  userId: string,
  params: Params,
  fetched: FetchedMedia,
): ThreadsContainer {
  const [problem] = ThreadsContract.load().containerProblems(params);
  if (problem) throw refused(problem.code ? `${problem.code}: ${problem.message}` : problem.message, problem.code);
  const mediaType = params.media_type as ThreadsContainer['mediaType'];
  const isCarouselItem = params.is_carousel_item === 'true';
  const mediaUrl = params.image_url ?? params.video_url;
  const children = mediaType === 'CAROUSEL' ? carouselChildren(state, userId, params.children ?? '') : [];
  if (params.reply_to_id !== undefined) requirePost(state, params.reply_to_id, 'reply_to_id');
  if (params.quote_post_id !== undefined) requirePost(state, params.quote_post_id, 'quote_post_id');
  const download = mediaUrl === undefined ? undefined : fetched(mediaUrl);
  if (download && !download.ok && mediaType === 'IMAGE')
    throw refused(`The media could not be fetched from this URI: ${download.reason}`);
  return {
    id: graphId(),
    userId,
    mediaType,
    isCarouselItem,
    ...(mediaUrl !== undefined ? { mediaUrl } : {}),
    text: params.text ?? '',
    children,
    options: optionsOf(params),
    status: 'IN_PROGRESS',
    ...(download && !download.ok ? { errorMessage: 'FAILED_DOWNLOADING_VIDEO' } : {}),
    polls: 0,
    createdAt: state.now(),
  };
}

function holdsVideo(state: EmulatorState, container: ThreadsContainer): boolean {
  if (container.mediaType === 'VIDEO') return true;
  return container.children.some((id) => state.objects.of(THREADS_CONTAINERS).get(id)?.mediaType === 'VIDEO');
}

/**
 * One status read: a container is IN_PROGRESS for `threadsContainerPolls` reads (Meta: wait about
 * 30 seconds before publishing any container), one with a video for `threadsVideoPolls` reads and
 * `threadsVideoProcessingMs`; a
 * video it could not fetch ends in ERROR; a carousel is as ready as its least ready item; and
 * anything unpublished after 24 hours is EXPIRED.
 */
export function readThreadsContainer(state: EmulatorState, container: ThreadsContainer): ThreadsContainer {
  if (container.status !== 'IN_PROGRESS' && container.status !== 'FINISHED') return container;
  const now = state.now();
  if (now - container.createdAt >= CONTAINER_LIFETIME_MS) {
    container.status = 'EXPIRED';
    return container;
  }
  if (container.status === 'FINISHED') return container;
  container.polls += 1;
  if (container.errorMessage !== undefined) {
    container.status = 'ERROR';
    return container;
  }
  const { threadsContainerPolls, threadsVideoPolls } = state.settings;
  const waited = container.polls > (holdsVideo(state, container) ? threadsVideoPolls : threadsContainerPolls);
  if (container.mediaType === 'CAROUSEL') {
    const items = container.children
      .map((id) => state.objects.of(THREADS_CONTAINERS).get(id))
      .filter((item) => item !== undefined)
      .map((item) => readThreadsContainer(state, item));
    const failed = items.find((item) => item.status === 'ERROR' || item.status === 'EXPIRED');
    if (failed) Object.assign(container, { status: 'ERROR', errorMessage: failed.errorMessage ?? 'UNKNOWN' });
    else if (waited && items.every((item) => item.status === 'FINISHED')) container.status = 'FINISHED';
    return container;
  }
  const processed =
    container.mediaType !== 'VIDEO' || now - container.createdAt >= state.settings.threadsVideoProcessingMs;
  if (waited && processed) container.status = 'FINISHED';
  return container;
}

/** Fails a container as Threads does when processing fails for no reason it gives (the container_error fault). */
export function failThreadsContainer(container: ThreadsContainer): void {
  container.status = 'ERROR';
  container.errorMessage = 'UNKNOWN';
}
