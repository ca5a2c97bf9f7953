import { FastifyInstance } from 'fastify';
import { threadsPublishingRules } from '../../contracts';
import { EmulatorContext } from '../emulator-context';
import { GraphError } from '../graph/graph-error';
import { graphErrors } from '../graph/graph-errors';
import { parseFields, projectFields } from '../graph/graph-fields';
import { fetchedMedia, fetchMediaFirst } from '../http/media-fetch';
import { answerLost } from '../state/comment-threads';
import { EmulatorState } from '../state/emulator-state';
import { graphId } from '../state/emulator-ids';
import { PublishedMedia } from '../state/published-log';
import { authorizeThreadsCall, requireScopes, THREADS_CALL_FAULTS, threadsError } from './threads-access';
import { buildThreadsContainer, failThreadsContainer } from './threads-containers';
import { rootPost } from './threads-nodes';
import { threadsPermalink, threadsShortcode } from './threads-pages';
import { ThreadsPublishedOptions } from './threads-published';
import { postQuotaUsage, publishingLimitFields, replyQuotaUsage } from './threads-quota';
import { THREADS_CONTAINERS, ThreadsContainer } from './threads-stored-objects';

type UserParams = { Params: { user: string } };
const rules = threadsPublishingRules();
const PUBLISH = ['threads_basic', 'threads_content_publish'];
const PUBLISH_FAULTS = [...THREADS_CALL_FAULTS, 'duplicate' as const];

/** A published post's `media_type`, as the collection's examples name it. */
function publishedMediaType(container: ThreadsContainer): string {
  return { TEXT: 'TEXT_POST', IMAGE: 'IMAGE', VIDEO: 'VIDEO', CAROUSEL: 'CAROUSEL_ALBUM' }[container.mediaType];
}

function mediaOf(state: EmulatorState, container: ThreadsContainer): PublishedMedia[] {
  const items =
    container.mediaType === 'CAROUSEL'
      ? container.children
          .map((id) => state.objects.of(THREADS_CONTAINERS).get(id))
          .filter((item) => item !== undefined)
      : container.mediaUrl === undefined
        ? []
        : [container];
  return items.map((item) => ({
    type: item.mediaType === 'VIDEO' ? 'video' : 'image',
    url: item.mediaUrl,
    id: item.id,
    ...(item.options.altText !== undefined ? { altText: item.options.altText } : {}),
  }));
}

/** Publishing too early: what integrators and Meta's own answer (fbsamples/threads_api #70) show. */
function notReady(creationId: string): GraphError {
  const { code, subcode, message, userTitle } = rules.container.publishedTooEarly;
  return threadsError(
    new GraphError({
      code,
      subcode,
      message,
      userTitle,
      userMessage: `The media with id ${creationId} cannot be found.`,
      isTransient: false,
    }),
  );
}

function checkPublishable(
  container: ThreadsContainer | undefined,
  userId: string,
  creationId: string,
): ThreadsContainer {
  // A container that is not FINISHED (or not this profile's) is "not found", whatever its state.
  if (!container || container.userId !== userId || container.isCarouselItem || container.status !== 'FINISHED')
    throw notReady(creationId);
  return container;
}

/**
 * graph.threads.net's publishing: containers, threads_publish (only a FINISHED container; 250 posts
 * and 1,000 replies per 24 hours with enforceRateLimits), the publishing limit and the profile's posts.
 */
export function registerThreadsPublishRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;

  const preHandler = fetchMediaFirst(context.fetchMedia, ['image_url', 'video_url']);
  fastify.post<UserParams>('/:user/threads', { preHandler }, async (request) => {
    const { params, token, profile } = await authorizeThreadsCall(state, request, request.params.user, PUBLISH);
    const container = buildThreadsContainer(state, profile.id, params, (url) => fetchedMedia(request, url));
    const replyTo = container.options.replyToId
      ? state.published.find('threads', container.options.replyToId)
      : undefined;
    // Replying needs the root post to be the profile's own, or one of the permissions the
    // create-replies page names instead.
    if (replyTo && rootPost(state, replyTo).accountId !== profile.id) {
      const { anyOf } = rules.scopes.replyUnderAnotherRoot;
      if (!anyOf.some((scope) => token.scopes.includes(scope))) requireScopes(token, anyOf.slice(0, 1));
    }
    if (state.faults.take([{ network: 'threads', accountId: profile.id }], ['container_error']).length)
      failThreadsContainer(container);
    state.objects.of(THREADS_CONTAINERS).set(container.id, container);
    return { id: container.id };
  });

  fastify.post<UserParams>('/:user/threads_publish', async (request) => {
    const { params, profile } = await authorizeThreadsCall(
      state,
      request,
      request.params.user,
      PUBLISH,
      PUBLISH_FAULTS,
    );
    const creationId = params.creation_id ?? '';
    const container = checkPublishable(state.objects.of(THREADS_CONTAINERS).get(creationId), profile.id, creationId);
    const reply = container.options.replyToId !== undefined;
    if (state.settings.enforceRateLimits) {
      const used = reply ? replyQuotaUsage(state, profile.id) : postQuotaUsage(state, profile.id);
      const total = reply ? rules.quotas.replies.total : state.settings.threadsQuotaTotal;
      // No page gives the refusal's wording: Graph's application-limit code, which the adapter reads as a rate limit.
      if (used >= total)
        throw threadsError(
          new GraphError({
            code: 4,
            message: `(#4) Application request limit reached: the profile published ${used} of its ${total} ${reply ? 'replies' : 'posts'} in 24 hours`,
            isTransient: true,
          }),
        );
    }
    const id = graphId();
    const shortcode = threadsShortcode();
    const { replyToId, altText: _altText, ...options } = container.options;
    container.status = 'PUBLISHED';
    container.publishedId = id;
    for (const childId of container.children) {
      const child = state.objects.of(THREADS_CONTAINERS).get(childId);
      if (child) child.status = 'PUBLISHED';
    }
    const published: ThreadsPublishedOptions = { mediaType: publishedMediaType(container), shortcode, ...options };
    state.published.record({
      network: 'threads',
      accountId: profile.id,
      postId: id,
      text: container.text,
      media: mediaOf(state, container),
      ...(replyToId !== undefined ? { replyToId } : {}),
      threads: published,
      permalink: threadsPermalink(context.pages, profile.username, shortcode),
      publishedAt: new Date(state.now()).toISOString(),
    });
    if (answerLost(state, [{ network: 'threads', accountId: profile.id }])) throw threadsError(graphErrors.transient());
    return { id };
  });

  fastify.get<UserParams>('/:user/threads_publishing_limit', async (request) => {
    const { params, token, profile } = await authorizeThreadsCall(state, request, request.params.user, PUBLISH);
    const fields = parseFields(params.fields, ['quota_usage']);
    // Each quota is read with the permission of what it counts (the overview page).
    if (fields.has('reply_quota_usage') || fields.has('reply_config')) requireScopes(token, ['threads_manage_replies']);
    if (fields.has('delete_quota_usage') || fields.has('delete_config')) requireScopes(token, ['threads_delete']);
    const node = projectFields(
      fields,
      publishingLimitFields(state, profile.id),
      'ThreadsPublishingLimit',
      threadsError,
    );
    delete node.id;
    return { data: [node] };
  });
}
