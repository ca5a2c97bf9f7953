import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { EmulatorPages, ObjectPageNotFound, objectPage } from '../http/object-pages';

/** What tiktok.com shows for a video that is not there. */
export const tiktokPageNotFound = () => new ObjectPageNotFound('TikTok', "Couldn't find this video");

/** A post's address as on tiktok.com (`/@{username}/video/{id}`), at the emulator's page for it. */
export function tiktokPermalink(pages: EmulatorPages, username: string, postId: string): string {
  return pages.url('/tiktok', `/@${username}/video/${postId}`);
}

/** The emulator's page of a published post, where its share URL points. */
export function registerTikTokPages(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  fastify.get<{ Params: { handle: string; id: string } }>('/:handle/video/:id', async (request, reply) => {
    const item = state.published.find('tiktok', request.params.id);
    if (!item || item.deletedAt || !request.params.handle.startsWith('@')) throw tiktokPageNotFound();
    return reply.type('text/html; charset=utf-8').send(objectPage('TikTok', item, request.params.handle.slice(1)));
  });
}
