import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { X_PAGES_PREFIX, xStatusPath } from './x-pages';
import { jsonObjectBody } from '../http/request-params';
import { answerLost } from '../state/comment-threads';
import { snowflakeId } from '../state/emulator-ids';
import { EmulatorState } from '../state/emulator-state';
import { PublishedMedia } from '../state/published-log';
import { authorizeXCall, X_PUBLISH_FAULTS } from './x-access';
import { isBodyObject, onlyProperties } from './x-body';
import { xProblems } from './x-errors';
import { xPathId, xQuery } from './x-query';
import { X_BODY_PROPERTIES, X_ID_PATTERN } from './x-spec';
import { weightedTweetLength, xMaxTweetLength } from './x-text-length';
import { X_MEDIA } from './x-stored-objects';
import { TestXProfile } from './x-test-user';
import { xTweetOptions } from './x-tweet-options';
import { chainEdit, editChain, postToEdit } from './x-tweet-edit';

const DUPLICATE_WINDOW_MS = 24 * 3600_000;

function stringArray(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined;
}

/** The media of a tweet: 1–4 images, or one GIF, or one video, all the author's and processed. */
function tweetMedia(state: EmulatorState, profile: TestXProfile, media: unknown): PublishedMedia[] {
  if (media === undefined) return [];
  if (!isBodyObject(media)) throw xProblems.invalid('media', 'media must be an object');
  onlyProperties(media, X_BODY_PROPERTIES.createPostMedia, 'media');
  const ids = stringArray(media.media_ids);
  if (!ids || ids.length < 1 || ids.length > 4 || !ids.every((id) => X_ID_PATTERN.test(id)))
    throw xProblems.invalid('media.media_ids', 'media.media_ids must be an array of 1 to 4 media ids');
  const items = ids.map((id) => {
    const uploaded = state.objects.of(X_MEDIA).get(id);
    if (!uploaded || uploaded.userId !== profile.id || uploaded.expiresAt <= state.now())
      throw xProblems.invalid('media.media_ids', `Your media IDs are invalid: ${id}`);
    if (uploaded.state !== 'succeeded')
      throw xProblems.invalid('media.media_ids', `The media ${id} has not finished processing.`);
    return uploaded;
  });
  const kinds = items.map((item) =>
    item.category === 'tweet_video' ? 'video' : item.category === 'tweet_gif' ? 'gif' : 'image',
  );
  if (kinds.some((kind) => kind !== 'image') && items.length > 1)
    throw xProblems.invalid('media.media_ids', 'A Tweet can have up to 4 images, or 1 GIF, or 1 video.');
  return items.map((item, index) => ({
    type: kinds[index],
    id: item.id,
    size: item.receivedBytes,
    ...(item.altText !== undefined ? { altText: item.altText } : {}),
  }));
}

/**
 * `POST /2/tweets` (text, media, replies, polls, reply settings, quotes, communities; an edit with
 * `edit_options`, x-tweet-edit.ts) and `DELETE /2/tweets/:id`.
 */
export function registerXTweetRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;

  fastify.post<{ Querystring: Record<string, unknown> }>('/2/tweets', async (request, reply) => {
    const { profile } = await authorizeXCall(state, request, reply, {
      endpoint: 'tweets',
      scopes: ['tweet.read', 'tweet.write', 'users.read'],
      faults: X_PUBLISH_FAULTS,
    });
    xQuery('POST /2/tweets', request.query);
    const body = jsonObjectBody(request);
    if (!body) throw xProblems.invalid('body', 'The request body must be a JSON object.');
    onlyProperties(body, X_BODY_PROPERTIES.createPost);
    // X's spec: the backend's tweet text is non-null and refuses an absent value, so "" is sent with media alone.
    const text = body.text;
    if (text === undefined) throw xProblems.invalid('text', 'The `text` field is required; send "" with media alone.');
    if (typeof text !== 'string') throw xProblems.invalid('text', 'text must be a string');
    // The account decides: a long post (up to 25,000) needs a subscription that allows it.
    const maxLength = xMaxTweetLength(profile.subscriptionType);
    if (weightedTweetLength(text) > maxLength)
      throw xProblems.invalid('text', `Your Tweet text is too long: at most ${maxLength} weighted characters.`);
    if (body.edit_options !== undefined) {
      // An edit: a new version of the post, with a new id, in the post's edit chain.
      const previous = postToEdit(state, profile, body);
      if (!text && previous.media.length === 0) throw xProblems.invalid('text', 'A Tweet needs text or media.');
      const { sequence: _sequence, postId: _previousId, editHistory: _chain, ...kept } = previous;
      const edited = state.published.record({
        ...kept,
        postId: snowflakeId(),
        text,
        permalink: '',
        publishedAt: new Date(state.now()).toISOString(),
      });
      edited.permalink = context.pages.url(X_PAGES_PREFIX, xStatusPath(profile.username, edited.postId));
      const history = chainEdit(state, previous, edited);
      if (answerLost(state, [{ network: 'x', accountId: profile.id }])) throw xProblems.unavailable();
      return reply.status(201).send({ data: { id: edited.postId, text, edit_history_post_ids: history } });
    }
    const media = tweetMedia(state, profile, body.media);
    if (!text && media.length === 0) throw xProblems.invalid('text', 'A Tweet needs text or media.');
    let replyToId: string | undefined;
    if (body.reply !== undefined) {
      if (!isBodyObject(body.reply)) throw xProblems.invalid('reply', 'reply must be an object');
      onlyProperties(body.reply, X_BODY_PROPERTIES.createPostReply, 'reply');
      const target = body.reply.in_reply_to_tweet_id;
      if (typeof target !== 'string' || !X_ID_PATTERN.test(target))
        throw xProblems.invalid('reply.in_reply_to_tweet_id', 'reply.in_reply_to_tweet_id must be a post id');
      const original = state.published.find('x', target);
      if (!original || original.deletedAt)
        throw xProblems.invalid(
          'reply.in_reply_to_tweet_id',
          'You attempted to reply to a Tweet that is deleted or not visible to you.',
        );
      replyToId = original.postId;
    }
    const options = xTweetOptions(state, body);
    const since = state.now() - DUPLICATE_WINDOW_MS;
    if (
      state.settings.xDuplicateDetection &&
      text &&
      state.published
        .list({ network: 'x', accountId: profile.id })
        .some((item) => !item.deletedAt && item.text === text && Date.parse(item.publishedAt) > since)
    )
      throw xProblems.duplicate();
    const id = snowflakeId();
    state.published.record({
      network: 'x',
      accountId: profile.id,
      postId: id,
      text,
      media,
      replyToId,
      ...options,
      permalink: context.pages.url(X_PAGES_PREFIX, xStatusPath(profile.username, id)),
      publishedAt: new Date(state.now()).toISOString(),
    });
    if (answerLost(state, [{ network: 'x', accountId: profile.id }])) throw xProblems.unavailable();
    return reply.status(201).send({ data: { id, text, edit_history_post_ids: [id] } });
  });

  fastify.delete<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    '/2/tweets/:id',
    async (request, reply) => {
      const { profile } = await authorizeXCall(state, request, reply, {
        endpoint: 'tweets',
        scopes: ['tweet.read', 'tweet.write', 'users.read'],
      });
      xQuery('DELETE /2/tweets/:id', request.query);
      const id = xPathId('id', request.params.id);
      const tweet = state.published.find('x', id);
      if (!tweet || tweet.deletedAt) throw xProblems.notFound(`Could not find tweet with id: [${id}].`);
      if (tweet.accountId !== profile.id)
        throw xProblems.forbidden('You are not allowed to delete a Tweet that is not yours.');
      // X: deleting any version of an edited post deletes its whole edit chain.
      const at = new Date(state.now()).toISOString();
      for (const version of editChain(tweet)) {
        const item = state.published.find('x', version);
        if (item && !item.deletedAt) item.deletedAt = at;
      }
      return { data: { deleted: true } };
    },
  );
}
