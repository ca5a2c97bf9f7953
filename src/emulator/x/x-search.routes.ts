import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { authorizeXCall } from './x-access';
import { xProblems } from './x-errors';
import { conversationOf, xIncludes, xPostView } from './x-post-view';
import { xQuery } from './x-query';

/** Recent search covers the last 7 days. */
const RECENT_WINDOW_MS = 7 * 24 * 3600_000;

type SearchQuery = { Querystring: Record<string, unknown> };

const encodeToken = (sequence: number) => Buffer.from(`next:${sequence}`).toString('base64url');

function decodeToken(name: string, token: string): number {
  const match = /^next:(\d{1,9})$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  if (!match) throw xProblems.invalid(name, `The \`${name}\` query parameter value is not valid`, token);
  return Number(match[1]);
}

/**
 * `GET /2/tweets/search/recent`, for the one operator the service uses: `conversation_id:<id>`
 * (the replies in a tweet's conversation, the first tweet itself left out), newest first,
 * 10 to 100 per page, paged by `next_token`; the parameters X's spec names, no others.
 */
export function registerXSearchRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;

  fastify.get<SearchQuery>('/2/tweets/search/recent', async (request, reply) => {
    await authorizeXCall(state, request, reply, { endpoint: 'search', scopes: ['tweet.read', 'users.read'] });
    const query = xQuery('GET /2/tweets/search/recent', request.query);
    const match = /^conversation_id:(\d{1,19})$/.exec(query.value('query') ?? '');
    if (!match) throw xProblems.invalid('query', 'The emulator searches only `conversation_id:<tweet id>` queries.');
    const maxResults = Number(query.value('max_results') ?? 10);
    // The spec names both; X's recent search pages with next_token.
    const tokenName = query.value('next_token') !== undefined ? 'next_token' : 'pagination_token';
    const token = query.value(tokenName);
    const before = token ? decodeToken(tokenName, token) : Infinity;
    const since = state.now() - RECENT_WINDOW_MS;
    const conversation = match[1];
    const replies = state.published
      .list({ network: 'x' })
      .filter(
        (item) =>
          item.replyToId &&
          !item.deletedAt &&
          item.sequence < before &&
          Date.parse(item.publishedAt) > since &&
          conversationOf(state, item) === conversation,
      )
      .reverse();
    const page = replies.slice(0, maxResults);
    if (page.length === 0) return { meta: { result_count: 0 } };
    const includes = xIncludes(state, page, query);
    const last = page[page.length - 1];
    return {
      data: page.map((item) => xPostView(state, item, query)),
      ...(includes ? { includes } : {}),
      meta: {
        result_count: page.length,
        newest_id: page[0].postId,
        oldest_id: last.postId,
        ...(replies.length > page.length ? { next_token: encodeToken(last.sequence) } : {}),
      },
    };
  });
}
