import { readContractJson } from '../../contracts';
import type { OpenApiOverlay } from '../../contracts';
import { snowflakeId } from '../state/emulator-ids';
import { EmulatorState } from '../state/emulator-state';
import { PublishedPoll } from './x-published';
import { isBodyObject, onlyProperties, XBodyObject } from './x-body';
import { xProblems } from './x-errors';
import { X_ID_PATTERN, X_POST_OPTION_SCHEMA } from './x-spec';

/** What a tweet was posted with besides its text, media and reply: recorded on what it publishes. */
export interface XTweetOptions {
  poll?: PublishedPoll;
  replySettings?: string;
  quoteOf?: string;
  communityId?: string;
}

/** Characters as X's JSON Schema counts them (minLength/maxLength: code points). */
const characters = (text: string) => [...text].length;

/**
 * contracts/x/overlay.json's exclusions for CreatePostsRequest: X's previous OpenAPI document says
 * media, poll, quote_tweet_id and card_uri are mutually exclusive (and card_uri with
 * direct_message_deep_link). Refused as an invalid request naming the second property sent.
 */
function refuseExclusive(body: XBodyObject): void {
  const overlay = readContractJson<OpenApiOverlay>('x/overlay.json');
  for (const rule of overlay.mutuallyExclusive ?? []) {
    if (rule.schema !== 'CreatePostsRequest') continue;
    const sent = rule.properties.filter((property) => body[property] !== undefined);
    if (sent.length > 1)
      throw xProblems.invalid(
        sent[1]!,
        `${sent.join(' and ')} cannot be sent together: at most one of ${rule.properties.join(', ')}.`,
      );
  }
}

function poll(value: unknown): PublishedPoll | undefined {
  if (value === undefined) return undefined;
  if (!isBodyObject(value)) throw xProblems.invalid('poll', 'poll must be an object');
  onlyProperties(value, X_POST_OPTION_SCHEMA.pollProperties, 'poll');
  const { minChoices, maxChoices, minChoiceLength, maxChoiceLength, minMinutes, maxMinutes } = X_POST_OPTION_SCHEMA;
  const options = value.options;
  if (
    !Array.isArray(options) ||
    options.length < minChoices ||
    options.length > maxChoices ||
    !options.every(
      (option) =>
        typeof option === 'string' && characters(option) >= minChoiceLength && characters(option) <= maxChoiceLength,
    )
  )
    throw xProblems.invalid(
      'poll.options',
      `poll.options must hold ${minChoices} to ${maxChoices} choices of ${minChoiceLength} to ${maxChoiceLength} characters`,
    );
  const minutes = value.duration_minutes;
  if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < minMinutes || minutes > maxMinutes)
    throw xProblems.invalid(
      'poll.duration_minutes',
      `poll.duration_minutes must be an integer from ${minMinutes} to ${maxMinutes}`,
    );
  // poll.reply_settings: "Accepted for compatibility; it carries no backend argument and is dropped".
  if (value.reply_settings !== undefined && !X_POST_OPTION_SCHEMA.replySettings.includes(String(value.reply_settings)))
    throw xProblems.invalid(
      'poll.reply_settings',
      `poll.reply_settings must be one of ${X_POST_OPTION_SCHEMA.replySettings.join(', ')}`,
    );
  return { id: snowflakeId(), options: options as string[], durationMinutes: minutes };
}

function id(body: XBodyObject, name: 'quote_tweet_id' | 'community_id'): string | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !X_ID_PATTERN.test(value))
    throw xProblems.invalid(name, `${name} must match ^[0-9]{1,19}$`, String(value));
  return value;
}

/**
 * POST /2/tweets's poll, reply_settings, quote_tweet_id and community_id, checked as X's document
 * bounds them (CreatePostsPoll, the reply_settings enum, the id pattern) and its exclusions
 * (overlay); a quote must name a tweet still there. Communities are not modelled: any id of the
 * right form is taken and recorded.
 */
export function xTweetOptions(state: EmulatorState, body: XBodyObject): XTweetOptions {
  refuseExclusive(body);
  const options: XTweetOptions = {};
  const asked = poll(body.poll);
  if (asked) options.poll = asked;
  if (body.reply_settings !== undefined) {
    if (typeof body.reply_settings !== 'string' || !X_POST_OPTION_SCHEMA.replySettings.includes(body.reply_settings))
      throw xProblems.invalid(
        'reply_settings',
        `reply_settings must be one of ${X_POST_OPTION_SCHEMA.replySettings.join(', ')}`,
        String(body.reply_settings),
      );
    options.replySettings = body.reply_settings;
  }
  const quote = id(body, 'quote_tweet_id');
  if (quote !== undefined) {
    const quoted = state.published.find('x', quote);
    if (!quoted || quoted.deletedAt)
      throw xProblems.invalid(
        'quote_tweet_id',
        'You attempted to quote a Tweet that is deleted or not visible to you.',
      );
    options.quoteOf = quote;
  }
  const community = id(body, 'community_id');
  if (community !== undefined) options.communityId = community;
  return options;
}
