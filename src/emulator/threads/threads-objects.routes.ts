import { FastifyInstance, FastifyRequest } from 'fastify';
import { GraphError } from '../graph/graph-error';
import { graphErrors } from '../graph/graph-errors';
import { parseFields, projectFields } from '../graph/graph-fields';
import { requestedMetrics } from '../graph/graph-insights';
import { insightsAnswer } from '../graph/graph-insights';
import { accountMetric, countMetricsRead, postMetric } from '../metrics/emulated-metrics';
import { EmulatorContext } from '../emulator-context';
import { EmulatorState } from '../state/emulator-state';
import { PublishedItem } from '../state/published-log';
import { authorizeThreadsCall, ThreadsCall, threadsError } from './threads-access';
import { readThreadsContainer } from './threads-containers';
import { threadsPage, threadsPostNode } from './threads-nodes';
import { deleteQuotaUsage, recordDelete } from './threads-quota';
import { THREADS_CONTAINERS } from './threads-stored-objects';
import { threadsPublishingRules } from '../../contracts';

type IdParams = { Params: { id: string } };
const rules = threadsPublishingRules();

/** A post's insights the emulator reports (the collection's `metrics_post`), with the rough size of each after a day. */
export const THREADS_POST_INSIGHTS: Readonly<Record<string, number>> = {
  views: 400,
  likes: 40,
  replies: 6,
  reposts: 4,
  quotes: 2,
  shares: 3,
};

/** A profile's insights the emulator reports as totals (`metrics_account`), with their order of size. */
const THREADS_ACCOUNT_INSIGHTS: Readonly<Record<string, number>> = {
  likes: 800,
  replies: 120,
  reposts: 60,
  quotes: 30,
  followers_count: 1200,
};

const REPLIES_FIELDS = ['id', 'text', 'timestamp'];

function isUser(call: ThreadsCall, id: string): boolean {
  return id === 'me' || id === call.profile.id;
}

function alivePost(state: EmulatorState, id: string): PublishedItem {
  const item = state.published.find('threads', id);
  if (!item || item.deletedAt) throw threadsError(graphErrors.unknownObject(id));
  return item;
}

/** Replies under a post: its direct ones, or (`all`) the whole conversation below it, oldest first. */
function repliesUnder(state: EmulatorState, postId: string, all: boolean): PublishedItem[] {
  const under = new Set([postId]);
  const replies: PublishedItem[] = [];
  for (const item of state.published.list({ network: 'threads' })) {
    if (!item.replyToId || !under.has(item.replyToId) || item.deletedAt) continue;
    if (all) under.add(item.postId);
    replies.push(item);
  }
  return replies;
}

/** `reverse` (default true): newest first. */
function ordered(items: PublishedItem[], reverse: string | undefined): PublishedItem[] {
  return reverse === 'false' ? items : [...items].reverse();
}

/** The profile: `GET /me` with the collection's `fields_profile`. */
function profileNode(call: ThreadsCall): Record<string, unknown> {
  const { profile } = call;
  return projectFields(
    parseFields(call.params.fields, ['id']),
    {
      id: () => profile.id,
      username: () => profile.username,
      name: () => profile.name,
      threads_profile_picture_url: () => profile.pictureUrl,
      threads_biography: () => profile.biography,
      is_verified: () => profile.isVerified,
      recently_searched_keywords: () => [],
      is_eligible_for_geo_gating: () => false,
    },
    'ThreadsUser',
    threadsError,
  );
}

/**
 * graph.threads.net's nodes: the profile, a container's status, a post, its deletion, insights and
 * replies, the profile's posts and replies.
 */
export function registerThreadsObjectRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;

  fastify.get<IdParams>('/:id', async (request) => {
    const call = await authorizeThreadsCall(state, request, undefined);
    const { id } = request.params;
    if (isUser(call, id)) return profileNode(call);
    const container = state.objects.of(THREADS_CONTAINERS).get(id);
    if (container && container.userId === call.profile.id) {
      readThreadsContainer(state, container);
      return projectFields(
        parseFields(call.params.fields, ['id', 'status']),
        {
          id: () => container.id,
          status: () => container.status,
          error_message: () => (container.status === 'ERROR' ? container.errorMessage : undefined),
        },
        'ThreadsContainer',
        threadsError,
      );
    }
    const item = alivePost(state, id);
    const fields = parseFields(call.params.fields, ['id']);
    // status and error_message exist on containers only; on a post Threads answers code 100.
    for (const field of ['status', 'error_message'])
      if (fields.has(field))
        throw threadsError(
          new GraphError({
            code: 100,
            type: 'OAuthException',
            message: `(#100) Tried accessing nonexisting field (${field})`,
          }),
        );
    return threadsPostNode(state, item, fields, call.profile.id);
  });

  fastify.delete<IdParams>('/:id', async (request) => {
    const call = await authorizeThreadsCall(state, request, undefined, ['threads_basic', 'threads_delete']);
    const item = alivePost(state, request.params.id);
    if (item.accountId !== call.profile.id) throw threadsError(graphErrors.unknownObject(item.postId, 'delete'));
    if (state.settings.enforceRateLimits && deleteQuotaUsage(state, call.profile.id) >= rules.quotas.deletes.total)
      throw threadsError(
        new GraphError({
          code: 4,
          message: '(#4) Application request limit reached: the profile deleted 100 posts in 24 hours',
          isTransient: true,
        }),
      );
    item.deletedAt = new Date(state.now()).toISOString();
    recordDelete(state, call.profile.id);
    return { success: true, deleted_id: item.postId };
  });

  fastify.get<IdParams>('/:id/insights', async (request) => {
    const call = await authorizeThreadsCall(state, request, undefined, ['threads_basic', 'threads_manage_insights']);
    const item = alivePost(state, request.params.id);
    if (item.accountId !== call.profile.id) throw threadsError(graphErrors.unknownObject(item.postId));
    const metrics = requestedMetrics(call.params.metric).map((name) => {
      const scale = THREADS_POST_INSIGHTS[name];
      const value =
        scale === undefined ? undefined : postMetric(state, 'threads', item.postId, name, scale, item.publishedAt);
      if (value === undefined)
        throw threadsError(
          graphErrors.invalidParameter(
            `metric[${name}] must be one of the following values: ${Object.keys(THREADS_POST_INSIGHTS).join(', ')}`,
          ),
        );
      return { name, value };
    });
    countMetricsRead(state, 'threads', item.postId);
    return insightsAnswer(item.postId, metrics);
  });

  fastify.get<IdParams>('/:id/threads_insights', async (request) => {
    const call = await authorizeThreadsCall(state, request, request.params.id, [
      'threads_basic',
      'threads_manage_insights',
    ]);
    const data = requestedMetrics(call.params.metric).map((name) => {
      const scale = THREADS_ACCOUNT_INSIGHTS[name];
      const value = scale === undefined ? undefined : accountMetric(state, 'threads', call.profile.id, name, scale);
      if (value === undefined)
        throw threadsError(graphErrors.invalidParameter(`metric[${name}] is not supported here`));
      return {
        name,
        period: 'day',
        title: name,
        description: '',
        total_value: { value },
        id: `${call.profile.id}/insights/${name}/day`,
      };
    });
    countMetricsRead(state, 'threads', call.profile.id);
    return { data };
  });

  fastify.get<IdParams>('/:id/threads', async (request) => {
    const call = await authorizeThreadsCall(state, request, request.params.id);
    const items = state.published
      .list({ network: 'threads', accountId: call.profile.id })
      .filter((item) => !item.replyToId && !item.deletedAt)
      .reverse();
    const fields = parseFields(call.params.fields, ['id']);
    return threadsPage(
      request,
      call.params,
      items.map((item) => threadsPostNode(state, item, fields, call.profile.id)),
    );
  });

  // `/me/replies` (the profile's replies) and `/{media-id}/replies` (a post's) share one route.
  fastify.get<IdParams>('/:id/replies', async (request) => replies(context, request, request.params.id, false));
  fastify.get<IdParams>('/:id/conversation', async (request) => replies(context, request, request.params.id, true));
}

async function replies(context: EmulatorContext, request: FastifyRequest, id: string, conversation: boolean) {
  const { state } = context;
  const call = await authorizeThreadsCall(state, request, undefined, ['threads_basic', 'threads_read_replies']);
  const fields = parseFields(call.params.fields, REPLIES_FIELDS);
  let items: PublishedItem[];
  if (!conversation && isUser(call, id)) {
    items = state.published
      .list({ network: 'threads', accountId: call.profile.id })
      .filter((item) => item.replyToId && !item.deletedAt)
      .reverse();
  } else {
    alivePost(state, id);
    items = ordered(repliesUnder(state, id, conversation), call.params.reverse);
  }
  return threadsPage(
    request,
    call.params,
    items.map((item) => threadsPostNode(state, item, fields, call.profile.id)),
  );
}
