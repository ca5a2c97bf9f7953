import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { EmulatorPages, ObjectPageNotFound, objectPage } from '../http/object-pages';
import { PublishedItem } from '../state/published-log';
import { findPage } from './facebook-test-user';

const FACEBOOK_PAGES_PREFIX = '/facebook';

/** What facebook.com shows for a post that is not there (or not visible to the viewer). */
export const facebookPageNotFound = () => new ObjectPageNotFound('Facebook', "This content isn't available right now");

/**
 * A Page post's `permalink_url` as Facebook gives it: the post under its Page (`/{page}/posts/{n}`),
 * never the bare `{page}_{post}` id, so that a client building the link from the id shows up in
 * tests; at the emulator's page for it (facebook.com has no such post).
 */
export function pagePostPermalink(pages: EmulatorPages, postId: string): string {
  const [pageId, postNumber] = postId.split('_');
  return pages.url(FACEBOOK_PAGES_PREFIX, `/${pageId}/posts/${postNumber ?? postId}`);
}

/** A Page video's page (`/{page}/videos/{id}` on facebook.com). */
export function videoPermalink(pages: EmulatorPages, video: { pageId: string; id: string }): string {
  return pages.url(FACEBOOK_PAGES_PREFIX, `/${video.pageId}/videos/${video.id}`);
}

/** A comment's link: its post, with `comment_id` (as facebook.com links a comment). */
export function commentPermalink(pages: EmulatorPages, postId: string, commentId: string): string {
  return pages.url(FACEBOOK_PAGES_PREFIX, `/${postId}`, { comment_id: commentId });
}

/** The emulator's pages of Page posts, videos and comments, where their permalinks point. */
export function registerFacebookPages(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  const show = (item: PublishedItem | undefined, needsParent = false) => {
    if (!item || item.deletedAt || (needsParent && !item.parentId)) throw facebookPageNotFound();
    const author = item.author?.username ?? findPage(state, item.accountId)?.page.name ?? item.accountId;
    return objectPage('Facebook', item, author);
  };
  const html = 'text/html; charset=utf-8';
  fastify.get<{ Params: { pageId: string; postNumber: string } }>(
    '/:pageId/posts/:postNumber',
    async (request, reply) =>
      reply
        .type(html)
        .send(show(state.published.find('facebook', `${request.params.pageId}_${request.params.postNumber}`))),
  );
  fastify.get<{ Params: { pageId: string; videoId: string } }>('/:pageId/videos/:videoId', async (request, reply) => {
    const item = state.published.find('facebook', request.params.videoId);
    return reply.type(html).send(show(item?.accountId === request.params.pageId ? item : undefined));
  });
  fastify.get<{ Params: { postId: string }; Querystring: { comment_id?: unknown } }>(
    '/:postId',
    async (request, reply) => {
      const commentId = request.query.comment_id;
      const comment = typeof commentId === 'string' ? state.published.find('facebook', commentId) : undefined;
      return reply.type(html).send(show(comment, true));
    },
  );
}
