import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { EmulatorPages, ObjectPageNotFound, objectPage } from '../http/object-pages';
import { randomBase62 } from '../../common/ids';

export const THREADS_PAGES_PREFIX = '/threads';

/** What threads.net shows for a post that is not there. */
export const threadsPageNotFound = () => new ObjectPageNotFound('Threads', 'Sorry, this page isn’t available.');

/** A post's shortcode, as in `threads.net/@{username}/post/{shortcode}`. */
export function threadsShortcode(): string {
  return randomBase62(11);
}

/** A post's permalink as on threads.net (`/@{username}/post/{shortcode}`), at the emulator's page for it. */
export function threadsPermalink(pages: EmulatorPages, username: string, shortcode: string): string {
  return pages.url(THREADS_PAGES_PREFIX, `/@${username}/post/${shortcode}`);
}

/** The emulator's page of a published post, where its permalink points. */
export function registerThreadsPages(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  fastify.get<{ Params: { username: string; shortcode: string } }>(
    '/:username/post/:shortcode',
    async (request, reply) => {
      const { username, shortcode } = request.params;
      const item = state.published
        .list({ network: 'threads' })
        .find((candidate) => candidate.threads?.shortcode === shortcode);
      if (!item || item.deletedAt) throw threadsPageNotFound();
      return reply.type('text/html; charset=utf-8').send(objectPage('Threads', item, username.replace(/^@/, '')));
    },
  );
}
