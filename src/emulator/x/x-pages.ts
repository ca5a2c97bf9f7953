import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { ObjectPageNotFound, objectPage } from '../http/object-pages';
import { findXProfile } from './x-test-user';

/** The path of X's page for a post, as on x.com. */
export const X_PAGES_PREFIX = '/x';
export const xStatusPath = (username: string, id: string) => `/${username}/status/${id}`;

/** What x.com shows for a post that is not there. */
export const xPageNotFound = () =>
  new ObjectPageNotFound('X', "Hmm...this page doesn't exist. Try searching for something else.");

/** The emulator's page for a post or reply, where a sandbox post's permalink points (x.com has no such post). */
export function registerXPages(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  fastify.get<{ Params: { username: string; id: string } }>('/:username/status/:id', async (request, reply) => {
    const item = state.published.find('x', request.params.id);
    if (!item || item.deletedAt) throw xPageNotFound();
    const author = item.author?.username ?? findXProfile(state, item.accountId)?.profile.username ?? item.accountId;
    return reply.type('text/html; charset=utf-8').send(objectPage('X', item, `@${author}`));
  });
}
