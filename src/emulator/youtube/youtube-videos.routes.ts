import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { accountMetric, countMetricsRead } from '../metrics/emulated-metrics';
import { authorizeYouTubeCall } from './youtube-access';
import { refuseContractViolations } from './youtube-contract-checks';
import { youTubeErrors } from './youtube-errors';
import { YOUTUBE_VIDEOS } from './youtube-stored-objects';
import { videoView } from './youtube-video-view';

type Query = { Querystring: Record<string, string | undefined> };

/** A channel's statistics and their order of size. */
export const YOUTUBE_CHANNEL_STATISTICS: Record<string, number> = { subscriberCount: 1200, viewCount: 40000 };

/**
 * youtube/v3: channels.list (mine=true: the token's channel), videos.list by id (someone else's
 * private video is not listed; a status read of one's own upload moves its processing on),
 * videos.delete (the owner's only; 204).
 */
export function registerYouTubeVideoRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  const prefix = fastify.prefix;

  fastify.get<Query>('/youtube/v3/channels', async (request) => {
    const { channel } = await authorizeYouTubeCall(state, request, 'channels.list');
    refuseContractViolations(request, prefix);
    if (request.query.mine !== 'true')
      throw youTubeErrors.badRequest('incompatibleParameters', 'This emulator lists channels with mine=true');
    const parts = (request.query.part ?? '').split(',');
    const item: Record<string, unknown> = { kind: 'youtube#channel', etag: `c${channel.id}`, id: channel.id };
    if (parts.includes('snippet'))
      item.snippet = {
        title: channel.title,
        description: '',
        customUrl: channel.handle,
        publishedAt: '2020-01-01T00:00:00Z',
        thumbnails: { default: { url: channel.picture, width: 88, height: 88 } },
        localized: { title: channel.title, description: '' },
      };
    if (parts.includes('statistics')) {
      countMetricsRead(state, 'youtube', channel.id);
      const videos = state.published
        .list({ network: 'youtube', accountId: channel.id })
        .filter((v) => !v.parentId && !v.deletedAt);
      const subscribers = accountMetric(
        state,
        'youtube',
        channel.id,
        'subscriberCount',
        YOUTUBE_CHANNEL_STATISTICS.subscriberCount!,
      );
      const views = accountMetric(state, 'youtube', channel.id, 'viewCount', YOUTUBE_CHANNEL_STATISTICS.viewCount!);
      item.statistics = {
        ...(views !== undefined ? { viewCount: String(views) } : {}),
        ...(subscribers !== undefined ? { subscriberCount: String(subscribers) } : {}),
        hiddenSubscriberCount: subscribers === undefined,
        videoCount: String(videos.length),
      };
    }
    return {
      kind: 'youtube#channelListResponse',
      etag: 'cl',
      pageInfo: { totalResults: 1, resultsPerPage: 5 },
      items: [item],
    };
  });

  fastify.get<Query>('/youtube/v3/videos', async (request) => {
    const { channel } = await authorizeYouTubeCall(state, request, 'videos.list');
    refuseContractViolations(request, prefix);
    const parts = (request.query.part ?? '').split(',');
    const ids = (request.query.id ?? '').split(',').filter(Boolean);
    if (!ids.length) throw youTubeErrors.badRequest('missingRequiredParameter', 'This emulator lists videos by id');
    const items = ids.flatMap((id) => {
      const item = state.published.find('youtube', id);
      const video = state.objects.of(YOUTUBE_VIDEOS).get(id);
      if (!item || item.deletedAt || item.parentId || !video) return [];
      const own = item.accountId === channel.id;
      if (!own && video.privacyStatus === 'private') return [];
      if (own && parts.includes('status')) video.polls += 1;
      if (parts.includes('statistics')) countMetricsRead(state, 'youtube', id);
      return [videoView(state, item, parts)];
    });
    return {
      kind: 'youtube#videoListResponse',
      etag: 'vl',
      pageInfo: { totalResults: items.length, resultsPerPage: items.length },
      items,
    };
  });

  fastify.delete<Query>('/youtube/v3/videos', async (request, reply) => {
    const { channel } = await authorizeYouTubeCall(state, request, 'videos.delete');
    refuseContractViolations(request, prefix);
    const id = request.query.id ?? '';
    const item = state.published.find('youtube', id);
    if (!item || item.deletedAt || item.parentId)
      throw youTubeErrors.notFound('videoNotFound', `The video ${id} cannot be found`);
    if (item.accountId !== channel.id)
      throw youTubeErrors.forbidden('The video that you are trying to delete cannot be deleted.');
    item.deletedAt = new Date(state.now()).toISOString();
    return reply.status(204).send();
  });
}
