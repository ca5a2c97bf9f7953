import { FastifyInstance } from 'fastify';
import { TikTokContract, tiktokApiRules } from '../../contracts';
import { EmulatorContext } from '../emulator-context';
import { jsonObjectBody } from '../http/request-params';
import { countMetricsRead, postMetric } from '../metrics/emulated-metrics';
import { PublishedItem } from '../state/published-log';
import { readPublishStatus } from './tiktok-processing';
import { TIKTOK_PUBLISHES } from './tiktok-stored-objects';
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
 * The Display API: `GET /v2/user/info/` (the fields user.info.basic gives), `POST
 * /v2/video/query/` (at most 20 of the creator's own videos by id, with the counts asked for;
 * another creator's id or a private post is left out, as TikTok answers only public videos) and
 * `POST /v2/video/list/` (the creator's public posts, newest first, a page of `max_count` before the
 * `cursor`, a Unix time in milliseconds).
 */
export function registerTikTokDisplayRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  const contract = TikTokContract.load();

  /** A public video as the Display API answers it, with the fields asked; undefined for a post it does not show. */
  const publicVideo = (item: PublishedItem, fields: string[]): Record<string, unknown> | undefined => {
    if (item.deletedAt || item.parentId || item.tiktok?.privacyLevel !== 'PUBLIC_TO_EVERYONE') return undefined;
    countMetricsRead(state, 'tiktok', item.postId);
    const all: Record<string, unknown> = {
      id: item.postId,
      title: item.tiktok.title ?? item.text,
      video_description: item.text,
      create_time: Math.floor(Date.parse(item.publishedAt) / 1000),
      share_url: item.permalink,
      ...Object.fromEntries(
        Object.entries(TIKTOK_VIDEO_COUNTS).map(([name, scale]) => [
          name,
          postMetric(state, 'tiktok', item.postId, name, scale, item.publishedAt),
        ]),
      ),
    };
    return Object.fromEntries(fields.filter((field) => all[field] !== undefined).map((field) => [field, all[field]]));
  };
  const askedFields = (endpoint: 'videoQuery' | 'videoList', query: string | undefined) => {
    const fields = asked(query);
    const unknown = fields.filter((field) => !rules.endpoints[endpoint].fields!.includes(field));
    if (!fields.length || unknown.length)
      throw tiktokErrors.invalidParam(`Invalid fields: ${unknown.join(',') || '(none)'}`);
    return fields;
  };

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
    const fields = askedFields('videoQuery', request.query.fields);
    const body = jsonObjectBody(request);
    const problems = contract.bodyProblems('videoQuery', rules.endpoints.videoQuery, body ?? null);
    if (problems.length) throw tiktokErrors.invalidParam(problems[0]!);
    const ids = ((body!.filters as Record<string, unknown>).video_ids as string[]) ?? [];
    const videos = ids.flatMap((id) => {
      const item = state.published.find('tiktok', id);
      if (!item || item.accountId !== creator.openId) return [];
      const view = publicVideo(item, fields);
      return view ? [view] : [];
    });
    return tiktokOk({ videos, cursor: 0, has_more: false });
  });

  fastify.post<{ Querystring: { fields?: string } }>('/v2/video/list/', async (request) => {
    const { creator } = await authorizeTikTokCall(state, request, 'videoList');
    const fields = askedFields('videoList', request.query.fields);
    const body = jsonObjectBody(request) ?? {};
    const problems = contract.bodyProblems('videoList', rules.endpoints.videoList, body);
    if (problems.length) throw tiktokErrors.invalidParam(problems[0]!);
    // TikTok processes a publish in its own time; the sandbox moves each on when it is read, and a
    // read of the creator's posts reads them all (a publish whose init answer was lost shows here).
    for (const publish of state.objects.of(TIKTOK_PUBLISHES).values())
      if (publish.openId === creator.openId && publish.mode === 'direct')
        readPublishStatus(state, context.pages, publish);
    const before = typeof body.cursor === 'number' && body.cursor > 0 ? body.cursor : Infinity;
    const count = typeof body.max_count === 'number' ? body.max_count : 10;
    const newest = state.published
      .list({ network: 'tiktok', accountId: creator.openId })
      .filter((item) => Date.parse(item.publishedAt) < before)
      .reverse();
    const shown = newest.flatMap((item) => {
      const view = publicVideo(item, [...new Set([...fields, 'create_time'])]);
      return view ? [{ view, at: Date.parse(item.publishedAt) }] : [];
    });
    const page = shown.slice(0, count);
    return tiktokOk({
      videos: page.map((entry) =>
        Object.fromEntries(Object.entries(entry.view).filter(([field]) => fields.includes(field))),
      ),
      cursor: page.length ? page[page.length - 1]!.at : 0,
      has_more: shown.length > count,
    });
  });
}
