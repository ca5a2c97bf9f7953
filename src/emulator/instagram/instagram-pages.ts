import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { EmulatorPages, ObjectPageNotFound, objectPage } from '../http/object-pages';
import { findInstagramAccount } from './instagram-test-user';

const INSTAGRAM_PAGES_PREFIX = '/instagram';

/** What instagram.com shows for a post that is not there. */
export const instagramPageNotFound = () => new ObjectPageNotFound('Instagram', "Sorry, this page isn't available.");

/** A medium's permalink as on instagram.com (`/p/{shortcode}/`, `/reel/{shortcode}/` for a Reel), at the emulator's page for it. */
export function instagramPermalink(pages: EmulatorPages, reel: boolean, shortcode: string): string {
  return pages.url(INSTAGRAM_PAGES_PREFIX, `/${reel ? 'reel' : 'p'}/${shortcode}/`);
}

/** The emulator's page of a published medium, where its permalink points (instagram.com has no such post). */
export function registerInstagramPages(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  for (const kind of ['p', 'reel'])
    fastify.get<{ Params: { shortcode: string } }>(`/${kind}/:shortcode/`, async (request, reply) => {
      const path = `/${kind}/${request.params.shortcode}/`;
      // Comments share their medium's permalink: the medium is the one without a parent.
      const item = state.published
        .list({ network: 'instagram' })
        .find(
          (candidate) => !candidate.parentId && new URL(candidate.permalink).pathname.endsWith(`/instagram${path}`),
        );
      if (!item || item.deletedAt) throw instagramPageNotFound();
      const author = findInstagramAccount(state, item.accountId)?.account.username ?? item.accountId;
      return reply.type('text/html; charset=utf-8').send(objectPage('Instagram', item, author));
    });
}
