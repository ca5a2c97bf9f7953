import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { EmulatorState } from '../state/emulator-state';
import { PublishedItem } from '../state/published-log';
import { authorizeXCall } from './x-access';
import { xProblems } from './x-errors';
import { findXProfile } from './x-test-user';

/** Recent search covers the last 7 days. */
const RECENT_WINDOW_MS = 7 * 24 * 3600_000;

type SearchQuery = {
  Querystring: {
    query?: string;
    max_results?: string;
    next_token?: string;
    'tweet.fields'?: string;
    expansions?: string;
  };
};

/** The tweet a conversation started with: the root of the reply chain. */
function conversationOf(state: EmulatorState, tweet: PublishedItem): string {
  let current = tweet;
  for (let depth = 0; current.replyToId && depth < 1000; depth++) {
    const parent = state.published.find('x', current.replyToId);
    if (!parent) return current.replyToId;
    current = parent;
  }
  return current.postId;
}

const encodeToken = (sequence: number) => Buffer.from(`next:${sequence}`).toString('base64url');

function decodeToken(token: string): number {
  const match = /^next:(\d{1,9})$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  if (!match) throw xProblems.invalid('next_token', 'The `next_token` query parameter value is not valid');
  return Number(match[1]);
}

/** The author of a tweet: a third party added through the control API, or the profile that posted it. */
function authorOf(state: EmulatorState, tweet: PublishedItem): { id: string; username: string } {
  return (
    tweet.author ?? { id: tweet.accountId, username: findXProfile(state, tweet.accountId)?.profile.username ?? '' }
  );
}

/**
 * `GET /2/tweets/search/recent`, for the one operator the service uses: `conversation_id:<id>`
 * (the replies in a tweet's conversation, the first tweet itself left out), newest first,
 * 10 to 100 per page, paged by `next_token`.
 */
export function registerXSearchRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;

  fastify.get<SearchQuery>('/2/tweets/search/recent', async (request, reply) => {
    await authorizeXCall(state, request, reply, { endpoint: 'search', scopes: ['tweet.read', 'users.read'] });
    const match = /^conversation_id:(\d{1,19})$/.exec(request.query.query ?? '');
    if (!match) throw xProblems.invalid('query', 'The emulator searches only `conversation_id:<tweet id>` queries.');
    const maxResults = Number(request.query.max_results ?? 10);
    if (!Number.isInteger(maxResults) || maxResults < 10 || maxResults > 100)
      throw xProblems.invalid('max_results', 'The `max_results` query parameter value must be between 10 and 100');
    const before = request.query.next_token ? decodeToken(request.query.next_token) : Infinity;
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
    const fields = new Set((request.query['tweet.fields'] ?? '').split(',').filter(Boolean));
    const data = page.map((item) => {
      const author = authorOf(state, item);
      const parent = state.published.find('x', item.replyToId!);
      return {
        id: item.postId,
        text: item.text,
        edit_history_tweet_ids: [item.postId],
        ...(fields.has('author_id') ? { author_id: author.id } : {}),
        ...(fields.has('created_at') ? { created_at: item.publishedAt } : {}),
        ...(fields.has('conversation_id') ? { conversation_id: conversation } : {}),
        ...(fields.has('in_reply_to_user_id') && parent ? { in_reply_to_user_id: authorOf(state, parent).id } : {}),
        ...(fields.has('referenced_tweets') ? { referenced_tweets: [{ type: 'replied_to', id: item.replyToId }] } : {}),
      };
    });
    const users = (request.query.expansions ?? '').split(',').includes('author_id')
      ? [...new Map(page.map((item) => authorOf(state, item)).map((user) => [user.id, user])).values()].map((user) => ({
          id: user.id,
          username: user.username,
          name: user.username,
        }))
      : undefined;
    const last = page[page.length - 1];
    return {
      data,
      ...(users ? { includes: { users } } : {}),
      meta: {
        result_count: page.length,
        newest_id: page[0].postId,
        oldest_id: last.postId,
        ...(replies.length > page.length ? { next_token: encodeToken(last.sequence) } : {}),
      },
    };
  });
}
