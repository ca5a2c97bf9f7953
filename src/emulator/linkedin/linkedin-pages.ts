import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { EmulatorPages, ObjectPageNotFound, objectPage } from '../http/object-pages';

/** What linkedin.com shows for a post that is not there. */
export const linkedInPageNotFound = () => new ObjectPageNotFound('LinkedIn', 'This post cannot be displayed');

/** A post's permalink as on linkedin.com (`/feed/update/{urn}`), at the emulator's page for it. */
export function linkedInPermalink(pages: EmulatorPages, urn: string): string {
  return pages.url('/linkedin', `/feed/update/${urn}`);
}

/** The emulator's page of a published post, where its permalink points. */
export function registerLinkedInPages(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  fastify.get<{ Params: { urn: string } }>('/feed/update/:urn', async (request, reply) => {
    const item = state.published.find('linkedin', request.params.urn);
    if (!item || item.deletedAt) throw linkedInPageNotFound();
    return reply
      .type('text/html; charset=utf-8')
      .send(objectPage('LinkedIn', item, item.author?.username ?? item.accountId));
  });
}
