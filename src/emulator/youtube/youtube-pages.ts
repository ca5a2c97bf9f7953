import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { EmulatorPages, ObjectPageNotFound, objectPage } from '../http/object-pages';

/** What youtube.com shows for a video that is not there. */
export const youTubePageNotFound = () => new ObjectPageNotFound('YouTube', 'This video isn\u2019t available anymore');

/** A video's permalink as on youtube.com (`/watch?v={id}`), at the emulator's page for it. */
export function youTubePermalink(pages: EmulatorPages, videoId: string): string {
  return pages.url('/youtube', '/watch', { v: videoId });
}

/** The emulator's page of a published video, where its permalink points. */
export function registerYouTubePages(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  fastify.get<{ Querystring: { v?: string } }>('/watch', async (request, reply) => {
    const item = request.query.v ? state.published.find('youtube', request.query.v) : undefined;
    if (!item || item.deletedAt || item.parentId) throw youTubePageNotFound();
    return reply
      .type('text/html; charset=utf-8')
      .send(objectPage('YouTube', item, item.author?.username ?? item.accountId));
  });
}
