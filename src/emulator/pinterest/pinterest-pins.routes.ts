import { FastifyInstance } from 'fastify';
import { pinterestContract } from '../../contracts';
import { EmulatorContext } from '../emulator-context';
import { jsonObjectBody } from '../http/request-params';
import { answerLost } from '../state/comment-threads';
import { numericId } from '../state/emulator-ids';
import { authorizePinterestCall, PINTEREST_CALL_FAULTS } from './pinterest-access';
import { pinterestErrors } from './pinterest-errors';
import { pinterestPermalink } from './pinterest-pages';
import { pinterestPage } from './pinterest-paging';
import { fetchPinMediaFirst, pinMedia } from './pinterest-pin-media';
import { pinView } from './pinterest-pin-view';

type Json = Record<string, unknown>;
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * Pins: create (201, the pin; held to the contract's PinCreate, 400 code 1 otherwise; a pin belongs
 * to one of the account's boards and, if named, one of its sections; its media fetched or
 * uploaded), read one, a board's pins newest first (how the service finds a pin whose answer was
 * lost), and delete (204; 404 once gone). Pinterest refuses no duplicate: the same pin twice is two.
 */
export function registerPinterestPinRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  const contract = pinterestContract();

  fastify.post('/pins', { preHandler: fetchPinMediaFirst(context.fetchMedia) }, async (request, reply) => {
    const { account } = await authorizePinterestCall(state, request, 'POST /pins');
    const body = jsonObjectBody(request) ?? {};
    const problems = contract
      .checkRequest({ method: 'POST', path: '/pins', contentType: 'application/json', body })
      .filter((violation) => violation.kind === 'request');
    if (problems.length) throw pinterestErrors.invalid(problems[0]!.message);
    // A pin is made on a board from a medium; PinCreate's schema requires neither, Pinterest refuses both missing.
    if (typeof body.board_id !== 'string') throw pinterestErrors.invalid('board_id is required');
    const source = body.media_source as Json | undefined;
    if (!source) throw pinterestErrors.invalid('media_source is required');
    const board = account.boards.find((candidate) => candidate.id === body.board_id);
    if (!board) throw pinterestErrors.notFound('Board not found.');
    const sectionId = text(body.board_section_id);
    if (sectionId && !board.sections.some((section) => section.id === sectionId))
      throw pinterestErrors.notFound('Board section not found.');
    const altText = text(body.alt_text);
    const { media, fields } = pinMedia(state, request, account.id, source, altText);
    const pinId = numericId(18);
    const item = state.published.record({
      network: 'pinterest',
      accountId: account.id,
      postId: pinId,
      text: typeof body.description === 'string' ? body.description : '',
      media,
      permalink: pinterestPermalink(context.pages, pinId),
      publishedAt: new Date(state.now()).toISOString(),
      pinterest: {
        boardId: board.id,
        ...(sectionId ? { boardSectionId: sectionId } : {}),
        ...(text(body.title) ? { title: text(body.title) } : {}),
        ...(text(body.link) ? { link: text(body.link) } : {}),
        ...(altText ? { altText } : {}),
        ...(text(body.dominant_color) ? { dominantColor: text(body.dominant_color) } : {}),
        ...fields,
      },
    });
    if (answerLost(state, [{ network: 'pinterest', accountId: account.id }])) throw pinterestErrors.serverError();
    return reply.status(201).send(pinView(state, item));
  });

  fastify.get<{ Params: { pin: string } }>('/pins/:pin', async (request) => {
    const { account } = await authorizePinterestCall(state, request, 'GET /pins/{pin_id}');
    const item = state.published.find('pinterest', request.params.pin);
    if (!item || item.deletedAt || !item.pinterest) throw pinterestErrors.notFound('Pin not found.');
    if (item.accountId !== account.id) throw pinterestErrors.forbidden();
    return pinView(state, item);
  });

  fastify.get<{ Params: { board: string }; Querystring: { page_size?: string; bookmark?: string } }>(
    '/boards/:board/pins',
    async (request) => {
      const { account } = await authorizePinterestCall(state, request, 'GET /boards/{board_id}/pins');
      const board = account.boards.find((candidate) => candidate.id === request.params.board);
      if (!board) throw pinterestErrors.notFound('Board not found.');
      const pins = state.published
        .list({ network: 'pinterest', accountId: account.id })
        .filter((item) => !item.deletedAt && item.pinterest?.boardId === board.id)
        .reverse();
      const page = pinterestPage(pins, request.query);
      return { items: page.items.map((item) => pinView(state, item)), bookmark: page.bookmark };
    },
  );

  fastify.delete<{ Params: { pin: string } }>('/pins/:pin', async (request, reply) => {
    const { account } = await authorizePinterestCall(state, request, 'DELETE /pins/{pin_id}', PINTEREST_CALL_FAULTS);
    const item = state.published.find('pinterest', request.params.pin);
    if (!item || item.deletedAt || !item.pinterest) throw pinterestErrors.notFound('Pin not found.');
    if (item.accountId !== account.id) throw pinterestErrors.forbidden();
    item.deletedAt = new Date(state.now()).toISOString();
    return reply.status(204).send();
  });
}
