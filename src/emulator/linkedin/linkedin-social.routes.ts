import { FastifyInstance } from 'fastify';
import { escapeLittleText, LinkedInContract, readLittleText } from '../../contracts';
import { EmulatorContext } from '../emulator-context';
import { jsonObjectBody } from '../http/request-params';
import { countMetricsRead, postMetric } from '../metrics/emulated-metrics';
import { answerLost } from '../state/comment-threads';
import { numericId } from '../state/emulator-ids';
import { EmulatorState } from '../state/emulator-state';
import { PublishedItem } from '../state/published-log';
import { authorizeLinkedInCall, scopesFor } from './linkedin-access';
import { linkedInErrors } from './linkedin-errors';
import { linkedInPermalink } from './linkedin-pages';

/** Each share statistic and its order of size after a day (the emulator's growth curve). */
export const LINKEDIN_SHARE_STATISTICS: Record<string, number> = {
  impressionCount: 800,
  uniqueImpressionsCount: 500,
  clickCount: 40,
  likeCount: 30,
  commentCount: 5,
  shareCount: 4,
};
/** A member's analytics by query type, the statistic each reads. */
const MEMBER_QUERY_TYPES: Record<string, string> = {
  IMPRESSION: 'impressionCount',
  MEMBERS_REACHED: 'uniqueImpressionsCount',
  REACTION: 'likeCount',
  COMMENT: 'commentCount',
  RESHARE: 'shareCount',
};

/** A comment's URN: `urn:li:comment:(urn:li:activity:{post id},{comment id})`. */
export function linkedInCommentUrn(postUrn: string): string {
  return `urn:li:comment:(urn:li:activity:${postUrn.split(':').pop()},${numericId(19)})`;
}

/** The post a comment is under (its parent chain's root). */
function rootPost(state: EmulatorState, item: PublishedItem): PublishedItem {
  let current = item;
  while (current.parentId) {
    const parent = state.published.find('linkedin', current.parentId);
    if (!parent) break;
    current = parent;
  }
  return current;
}

function commentView(state: EmulatorState, item: PublishedItem): Record<string, unknown> {
  const parent = item.parentId ? state.published.find('linkedin', item.parentId) : undefined;
  const root = rootPost(state, item);
  return {
    $URN: item.postId,
    id: item.postId.slice(item.postId.lastIndexOf(',') + 1, -1),
    actor: item.accountId,
    object: root.postId,
    // As LinkedIn answers a comment's text: in the little text format (someone else's, written on linkedin.com, escaped).
    message: { text: item.linkedin?.commentary ?? escapeLittleText(item.text) },
    created: { time: Date.parse(item.publishedAt) },
    ...(parent?.parentId ? { parentComment: parent.postId } : {}),
  };
}

/**
 * Comments (`/rest/socialActions/{post urn}/comments`: list with Rest.li paging, newest first;
 * create as the member or an organization they may post for, 201 with the URN in `x-restli-id`),
 * and metrics (an organization's share statistics with rw_organization_admin and the ADMINISTRATOR
 * role; a member's post analytics with r_member_postAnalytics).
 */
export function registerLinkedInSocialRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  const contract = LinkedInContract.load();
  const livePost = (urn: string) => {
    const item = state.published.find('linkedin', urn);
    if (!item || item.deletedAt) throw linkedInErrors.notFound(`${urn} not found`);
    return item;
  };

  fastify.get<{ Params: { urn: string }; Querystring: Record<string, string | undefined> }>(
    '/rest/socialActions/:urn/comments',
    async (request) => {
      const post = livePost(request.params.urn);
      await authorizeLinkedInCall(state, request, {
        author: rootPost(state, post).accountId,
        ...scopesFor('GET /rest/socialActions/comments'),
        postingRole: false,
      });
      const start = Number(request.query.start ?? 0) || 0;
      const count = Math.min(Number(request.query.count ?? 10) || 10, 100);
      const under = new Set([post.postId]);
      const all = state.published.list({ network: 'linkedin' }).filter((item) => {
        if (!item.parentId || item.deletedAt || !under.has(item.parentId)) return false;
        under.add(item.postId);
        return true;
      });
      const newest = all.reverse();
      return {
        elements: newest.slice(start, start + count).map((item) => commentView(state, item)),
        paging: { start, count, total: newest.length, links: [] },
      };
    },
  );

  fastify.post<{ Params: { urn: string } }>('/rest/socialActions/:urn/comments', async (request, reply) => {
    const post = livePost(request.params.urn);
    const body = jsonObjectBody(request);
    const problems = contract.commentProblems(body as never);
    const actor = typeof body?.actor === 'string' ? body.actor : undefined;
    if (!actor) throw linkedInErrors.invalid('actor is required');
    await authorizeLinkedInCall(state, request, { author: actor, ...scopesFor('POST /rest/socialActions/comments') });
    if (problems.length) throw linkedInErrors.invalid(problems[0]!);
    const parentUrn = typeof body!.parentComment === 'string' ? body!.parentComment : undefined;
    const parent = parentUrn ? livePost(parentUrn) : post;
    const text = String((body!.message as Record<string, unknown>).text);
    const read = readLittleText(text);
    const urn = linkedInCommentUrn(post.postId);
    const item = state.published.record({
      network: 'linkedin',
      accountId: actor,
      postId: urn,
      text: read.text,
      media: [],
      parentId: parent.postId,
      permalink: linkedInPermalink(context.pages, post.postId),
      publishedAt: new Date(state.now()).toISOString(),
      linkedin: { commentary: text, truncated: read.cut },
    });
    if (answerLost(state, [{ network: 'linkedin', accountId: actor }])) throw linkedInErrors.serverError();
    return reply.status(201).header('x-restli-id', encodeURIComponent(urn)).send(commentView(state, item));
  });

  fastify.get<{ Querystring: Record<string, string | undefined> }>(
    '/rest/organizationalEntityShareStatistics',
    async (request) => {
      const { q, organizationalEntity, shares, ugcPosts } = request.query;
      if (q !== 'organizationalEntity' || !organizationalEntity)
        throw linkedInErrors.badRequest('q=organizationalEntity and organizationalEntity are required');
      const { organization } = await authorizeLinkedInCall(state, request, {
        author: organizationalEntity,
        member: ['no member statistics'],
        organization: ['rw_organization_admin'],
        postingRole: false,
      });
      if (organization?.role !== 'ADMINISTRATOR')
        throw linkedInErrors.forbidden(
          'Not enough permissions to access: share statistics need the ADMINISTRATOR role',
        );
      const listed = (value: string | undefined) =>
        /^List\((.*)\)$/
          .exec(value ?? '')?.[1]
          ?.split(',')
          .filter(Boolean) ?? [];
      const urns = [...listed(shares), ...listed(ugcPosts)];
      const elements = urns.flatMap((urn) => {
        const item = state.published.find('linkedin', urn);
        if (!item || item.deletedAt || item.accountId !== organizationalEntity) return [];
        countMetricsRead(state, 'linkedin', urn);
        const totals = Object.fromEntries(
          Object.entries(LINKEDIN_SHARE_STATISTICS).map(([name, scale]) => [
            name,
            postMetric(state, 'linkedin', urn, name, scale, item.publishedAt),
          ]),
        );
        return [
          {
            organizationalEntity,
            [urn.startsWith('urn:li:ugcPost:') ? 'ugcPost' : 'share']: urn,
            totalShareStatistics: { ...totals, engagement: 0 },
          },
        ];
      });
      return { elements, paging: { start: 0, count: elements.length, links: [] } };
    },
  );

  fastify.get<{ Querystring: Record<string, string | undefined> }>(
    '/rest/memberCreatorPostAnalytics',
    async (request) => {
      const { q, entity, queryType } = request.query;
      const urn = /^\((?:share|ugc|ugcPost):(.+)\)$/.exec(entity ?? '')?.[1];
      if (q !== 'entity' || !urn || !queryType || !MEMBER_QUERY_TYPES[queryType])
        throw linkedInErrors.badRequest('q=entity, entity and a queryType are required');
      const item = livePost(decodeURIComponent(urn));
      await authorizeLinkedInCall(state, request, {
        author: item.accountId,
        member: ['r_member_postAnalytics'],
        organization: ['no member analytics'],
        postingRole: false,
      });
      countMetricsRead(state, 'linkedin', item.postId);
      const name = MEMBER_QUERY_TYPES[queryType]!;
      const count = postMetric(
        state,
        'linkedin',
        item.postId,
        name,
        LINKEDIN_SHARE_STATISTICS[name]!,
        item.publishedAt,
      );
      return {
        elements: count === undefined ? [] : [{ count, metricType: queryType }],
        paging: { start: 0, count: 1, links: [] },
      };
    },
  );
}
