import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { EmulatorPages, ObjectPageNotFound, objectPage } from '../http/object-pages';

export const pinterestPageNotFound = () => new ObjectPageNotFound('Pinterest', 'Sorry, we could not find that Pin');

/** A pin's address as on pinterest.com (`/pin/{id}/`), at the emulator's page for it. */
export function pinterestPermalink(pages: EmulatorPages, pinId: string): string {
  return pages.url('/pinterest', `/pin/${pinId}/`);
}

/** The emulator's page of a pin, where its permalink points. */
export function registerPinterestPages(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  fastify.get<{ Params: { id: string } }>('/pin/:id/', async (request, reply) => {
    const item = state.published.find('pinterest', request.params.id);
    if (!item || item.deletedAt) throw pinterestPageNotFound();
    return reply.type('text/html; charset=utf-8').send(objectPage('Pinterest', item, item.accountId));
  });
}
