import { FastifyInstance, FastifyRequest } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { GraphHost, PUBLISH_FAULTS } from '../graph/graph-access';
import { GraphError } from '../graph/graph-error';
import { graphErrors } from '../graph/graph-errors';
import { parseFields, projectFields } from '../graph/graph-fields';
import { graphPage } from '../graph/graph-paging';
import { graphUsageHeaders } from '../graph/usage-headers';
import { EmulatorState } from '../state/emulator-state';
import { graphId } from '../state/emulator-ids';
import { instagramShortcode } from './instagram-ids';
import { INSTAGRAM_CONTAINERS, InstagramContainer } from './instagram-stored-objects';
import { PublishedMedia } from '../state/published-log';
import { InstagramPublishedOptions } from './instagram-published';
import { authorizeInstagramCall } from './instagram-access';
import { buildContainer, failContainer, isImageContainer } from './instagram-containers';
import { instagramMediaNode } from './instagram-nodes';
import { fetchedMedia, fetchMediaFirst } from '../http/media-fetch';
import { instagramPermalink } from './instagram-pages';

type IdParams = { Params: { id: string } };
const DAY_MS = 24 * 3600_000;
const publishError = (code: number, message: string, subcode?: number, isTransient = false) =>
  new GraphError({ code, subcode, message, isTransient }, true);

/** Posts (not comments) the account published in the last 24 hours; a carousel counts once. */
function quotaUsage(state: EmulatorState, igUserId: string): number {
  const since = state.now() - DAY_MS;
  return state.published
    .list({ network: 'instagram', accountId: igUserId })
    .filter((item) => !item.parentId && Date.parse(item.publishedAt) > since).length;
}

function mediaOf(state: EmulatorState, container: InstagramContainer): PublishedMedia[] {
  const items =
    container.mediaType === 'CAROUSEL'
      ? container.children
          .map((id) => state.objects.of(INSTAGRAM_CONTAINERS).get(id))
          .filter((child) => child !== undefined)
      : [container];
  return items.map((item) => ({
    type: isImageContainer(item) ? 'image' : 'video',
    url: item.mediaUrl,
    id: item.id,
    // Alt text and user tags belong to each medium (a carousel's are on its items).
    ...(item.options?.altText !== undefined ? { altText: item.options.altText } : {}),
    ...(item.options?.userTags ? { userTags: item.options.userTags } : {}),
  }));
}

/** The placement and the options that apply to the whole published medium. */
function publishedOptions(container: InstagramContainer): InstagramPublishedOptions {
  const productType = container.mediaType === 'STORIES' ? 'STORY' : container.mediaType === 'REELS' ? 'REELS' : 'FEED';
  // Alt text and user tags are the media's (mediaOf); the rest is the container's own.
  const { altText: _altText, userTags: _userTags, ...options } = container.options ?? {};
  return { productType, ...options };
}

function checkPublishable(
  container: InstagramContainer | undefined,
  igUserId: string,
  creationId: string,
): InstagramContainer {
  if (!container || container.igUserId !== igUserId)
    throw publishError(100, `The media with id ${creationId} cannot be found.`, 2207006);
  if (container.isCarouselItem) throw publishError(100, 'A carousel item is published through its carousel container.');
  switch (container.status) {
    case 'IN_PROGRESS':
      throw publishError(
        9007,
        'Media ID is not available: the media is not ready for publishing, please wait for a moment',
        2207027,
        true,
      );
    case 'ERROR':
      throw publishError(9007, 'The media could not be published because its container failed.', 2207032);
    case 'EXPIRED':
      throw publishError(9007, 'The media container has expired; create a new one.', 2207008);
    case 'PUBLISHED':
      throw publishError(100, 'This media container has already been published.');
    default:
      return container;
  }
}

/**
 * Instagram content publishing, the same on graph.instagram.com and graph.facebook.com:
 * containers, media_publish, the publishing quota and the account's media.
 */
export function registerInstagramPublishRoutes(
  fastify: FastifyInstance,
  context: EmulatorContext,
  host: GraphHost,
): void {
  const { state } = context;

  // Instagram fetches the media URL it is handed; done before the world is loaded (media-fetch.ts).
  const preHandler = fetchMediaFirst(context.fetchMedia, ['image_url', 'video_url']);
  fastify.post<IdParams>('/:id/media', { preHandler }, async (request, reply) => {
    const { params, account } = await authorizeInstagramCall(context, request, host, request.params.id, {
      publish: true,
    });
    const container = buildContainer(state, account.id, params, (url) => fetchedMedia(request, url));
    if (state.faults.take([{ network: 'instagram', accountId: account.id }], ['container_error']).length)
      failContainer(container);
    state.objects.of(INSTAGRAM_CONTAINERS).set(container.id, container);
    return reply.send({ id: container.id });
  });

  fastify.post<IdParams>('/:id/media_publish', async (request, reply) => {
    const { params, account } = await authorizeInstagramCall(context, request, host, request.params.id, {
      publish: true,
      faults: PUBLISH_FAULTS,
    });
    const creationId = params.creation_id ?? '';
    const container = checkPublishable(state.objects.of(INSTAGRAM_CONTAINERS).get(creationId), account.id, creationId);
    // The upload_error fault: the container's upload failed for good, as Instagram's 2207053 says.
    if (state.faults.take([{ network: 'instagram', accountId: account.id }], ['upload_error']).length) {
      failContainer(container);
      throw graphErrors.unknownUploadError();
    }
    if (state.settings.enforceRateLimits && quotaUsage(state, account.id) >= state.settings.instagramQuotaTotal)
      throw publishError(
        9,
        'Application request limit reached: the account reached its content publishing limit.',
        2207042,
        true,
      );
    const mediaId = graphId();
    const shortcode = instagramShortcode();
    container.status = 'PUBLISHED';
    container.statusText = 'Published';
    container.publishedMediaId = mediaId;
    for (const childId of container.children) {
      const child = state.objects.of(INSTAGRAM_CONTAINERS).get(childId);
      if (child) Object.assign(child, { status: 'PUBLISHED', statusText: 'Published' });
    }
    state.published.record({
      network: 'instagram',
      accountId: account.id,
      postId: mediaId,
      text: container.caption,
      media: mediaOf(state, container),
      instagram: publishedOptions(container),
      permalink: instagramPermalink(context.pages, container.mediaType === 'REELS', shortcode),
      publishedAt: new Date(state.now()).toISOString(),
    });
    return reply
      .headers(graphUsageHeaders({ exhausted: false, buc: { id: account.id, type: 'instagram', regainMinutes: 0 } }))
      .send({ id: mediaId });
  });

  fastify.get<IdParams>('/:id/content_publishing_limit', async (request) => {
    const { params, account } = await authorizeInstagramCall(context, request, host, request.params.id);
    const node = projectFields(
      parseFields(params.fields, ['quota_usage']),
      {
        quota_usage: () => quotaUsage(state, account.id),
        config: () => ({ quota_total: state.settings.instagramQuotaTotal, quota_duration: 86400 }),
      },
      'ContentPublishingLimit',
      (error) => error.forInstagram(),
    );
    delete node.id;
    return { data: [node] };
  });

  // The account's media, newest first: how a publisher checks whether a post already went out.
  // Stories are not among them: Meta lists them on their own edge, below.
  fastify.get<IdParams>('/:id/media', async (request) => {
    const { params, account } = await authorizeInstagramCall(context, request, host, request.params.id);
    const fields = parseFields(params.fields, ['id']);
    const items = state.published
      .list({ network: 'instagram', accountId: account.id })
      .filter((item) => !item.parentId && !item.deletedAt && item.instagram?.productType !== 'STORY')
      .reverse()
      .map((item) => instagramMediaNode(item, account.username, fields));
    return graphPage(request, params, items, 25, context.publicUrl);
  });

  // On graph.facebook.com, Facebook's Page stories route answers this path, and hands an Instagram
  // user's id to readInstagramStories: one route per path and host.
  if (host === 'instagram')
    fastify.get<IdParams>('/:id/stories', async (request) =>
      readInstagramStories(context, request, host, request.params.id),
    );
}

/**
 * The account's stories of the last 24 hours, newest first (GET /{ig-user-id}/stories, the IG User
 * Stories reference: "Stories are only available for 24 hours").
 */
export async function readInstagramStories(
  context: EmulatorContext,
  request: FastifyRequest,
  host: GraphHost,
  igUserId: string,
): Promise<unknown> {
  const { state } = context;
  const { params, account } = await authorizeInstagramCall(context, request, host, igUserId);
  const fields = parseFields(params.fields, ['id']);
  const since = state.now() - DAY_MS;
  const items = state.published
    .list({ network: 'instagram', accountId: account.id })
    .filter(
      (item) =>
        !item.parentId &&
        !item.deletedAt &&
        item.instagram?.productType === 'STORY' &&
        Date.parse(item.publishedAt) > since,
    )
    .reverse()
    .map((item) => instagramMediaNode(item, account.username, fields));
  return graphPage(request, params, items, 25, context.publicUrl);
}
