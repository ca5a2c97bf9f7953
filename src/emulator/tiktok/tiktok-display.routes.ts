import { FastifyInstance } from 'fastify';
import { TikTokContract, tiktokApiRules } from '../../contracts';
import { EmulatorContext } from '../emulator-context';
import { jsonObjectBody } from '../http/request-params';
import { countMetricsRead, postMetric } from '../metrics/emulated-metrics';
import { authorizeTikTokCall } from './tiktok-access';
import { tiktokErrors, tiktokOk } from './tiktok-errors';

const rules = tiktokApiRules();

/** Each count the video query reads and its order of size after a day (the emulator's growth curve). */
export const TIKTOK_VIDEO_COUNTS: Record<string, number> = {
  view_count: 2000,
  like_count: 150,
  comment_count: 12,
  share_count: 9,
};

const asked = (fields: string | undefined) => (fields ?? '').split(',').filter(Boolean);

/**
 * The Display API: `GET /v2/user/info/` (the fields user.info.basic gives) and `POST
 * /v2/video/query/` (at most 20 of the creator's own videos by id, with the counts asked for;
 * another creator's id or a private post is left out, as TikTok answers only public videos).
 */
export function registerTikTokDisplayRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  const contract = TikTokContract.load();

  fastify.get<{ Querystring: { fields?: string } }>('/v2/user/info/', async (request) => {
    const { creator } = await authorizeTikTokCall(state, request, 'userInfo');
    const fields = asked(request.query.fields);
    if (!fields.length) throw tiktokErrors.invalidParam('fields is required');
    const all: Record<string, string> = {
      open_id: creator.openId,
      union_id: creator.unionId,
      avatar_url: creator.avatarUrl,
      display_name: creator.nickname,
    };
    const unknown = fields.filter((field) => !(field in all));
    if (unknown.length) throw tiktokErrors.invalidParam(`Invalid fields: ${unknown.join(',')}`);
    return tiktokOk({ user: Object.fromEntries(fields.map((field) => [field, all[field]])) });
  });

  fastify.post<{ Querystring: { fields?: string } }>('/v2/video/query/', async (request) => {
    const { creator } = await authorizeTikTokCall(state, request, 'videoQuery');
    const fields = asked(request.query.fields);
    const unknown = fields.filter((field) => !rules.endpoints.videoQuery.fields!.includes(field));
    if (!fields.length || unknown.length)
      throw tiktokErrors.invalidParam(`Invalid fields: ${unknown.join(',') || '(none)'}`);
    const body = jsonObjectBody(request);
    const problems = contract.bodyProblems('videoQuery', rules.endpoints.videoQuery, body ?? null);
    if (problems.length) throw tiktokErrors.invalidParam(problems[0]!);
    const ids = ((body!.filters as Record<string, unknown>).video_ids as string[]) ?? [];
    const videos = ids.flatMap((id) => {
      const item = state.published.find('tiktok', id);
      if (!item || item.deletedAt || item.accountId !== creator.openId) return [];
      if (item.tiktok?.privacyLevel !== 'PUBLIC_TO_EVERYONE') return [];
      countMetricsRead(state, 'tiktok', id);
      const all: Record<string, unknown> = {
        id,
        title: item.text,
        create_time: Math.floor(Date.parse(item.publishedAt) / 1000),
        share_url: item.permalink,
        ...Object.fromEntries(
          Object.entries(TIKTOK_VIDEO_COUNTS).map(([name, scale]) => [
            name,
            postMetric(state, 'tiktok', id, name, scale, item.publishedAt),
          ]),
        ),
      };
      return [
        Object.fromEntries(fields.filter((field) => all[field] !== undefined).map((field) => [field, all[field]])),
      ];
    });
    return tiktokOk({ videos, cursor: 0, has_more: false });
  });
}
