import { xEditRules } from '../../contracts';
import { EmulatorState } from '../state/emulator-state';
import { PublishedItem } from '../state/published-log';
import { isBodyObject, onlyProperties, XBodyObject } from './x-body';
import { xProblems } from './x-errors';
import { X_BODY_PROPERTIES, X_ID_PATTERN } from './x-spec';
import { TestXProfile } from './x-test-user';

const MINUTE_MS = 60_000;

/** A post's edit chain, oldest first (the post alone when it was never edited). */
export function editChain(tweet: PublishedItem): string[] {
  return tweet.editHistory ?? [tweet.postId];
}

/**
 * The post a `POST /2/tweets` with `edit_options` edits, checked as X's rules say
 * (contracts/x/edit-rules.json, https://docs.x.com/x-api/fundamentals/edit-posts): the author's own
 * newest version of a post that is not a poll, a reply to someone else's post or a community post;
 * within 30 minutes of the first version, at most 5 edits; by an account whose subscription edits
 * (its `subscription_type`). Refused with X's problem shapes: 400 for a malformed `edit_options`,
 * 404 for a post it cannot see, 403 for a post it may not edit. The emulator edits the text: an
 * edit that names media is refused (the post keeps its media).
 */
export function postToEdit(state: EmulatorState, profile: TestXProfile, body: XBodyObject): PublishedItem {
  const options = body.edit_options;
  if (!isBodyObject(options)) throw xProblems.invalid('edit_options', 'edit_options must be an object');
  onlyProperties(options, X_BODY_PROPERTIES.createPostEditOptions, 'edit_options');
  const id = options.previous_post_id;
  if (typeof id !== 'string' || !X_ID_PATTERN.test(id))
    throw xProblems.invalid('edit_options.previous_post_id', 'edit_options.previous_post_id must be a post id');
  const previous = state.published.find('x', id);
  if (!previous || previous.deletedAt) throw xProblems.notFound(`Could not find tweet with id: [${id}].`);
  if (previous.accountId !== profile.id)
    throw xProblems.forbidden('You are not allowed to edit a Tweet that is not yours.');
  for (const name of ['media', 'poll', 'reply', 'quote_tweet_id', 'community_id'])
    if (body[name] !== undefined)
      throw xProblems.invalid(name, `The emulator edits a post's text only: ${name} cannot be sent with edit_options`);
  const rules = xEditRules();
  const chain = editChain(previous);
  if (chain[chain.length - 1] !== previous.postId)
    throw xProblems.forbidden(`Tweet ${id} has been edited: edit its newest version, ${chain[chain.length - 1]}.`);
  const parent = previous.replyToId ? state.published.find('x', previous.replyToId) : undefined;
  if (previous.poll || previous.communityId || (parent && parent.accountId !== profile.id))
    throw xProblems.forbidden(`Tweet ${id} is not eligible for editing.`);
  if (!rules.subscriptions.values.includes(profile.subscriptionType ?? 'None'))
    throw xProblems.forbidden('Editing a Tweet requires an X subscription.');
  const first = state.published.find('x', chain[0]!) ?? previous;
  if (state.now() > Date.parse(first.publishedAt) + rules.windowMinutes.value * MINUTE_MS)
    throw xProblems.forbidden(`Tweet ${id} can no longer be edited: its edit window has closed.`);
  if (chain.length - 1 >= rules.maxEdits.value)
    throw xProblems.forbidden(`Tweet ${id} can no longer be edited: it has been edited ${rules.maxEdits.value} times.`);
  return previous;
}

/** Links the new version into the chain: every version carries the whole chain, oldest first. */
export function chainEdit(state: EmulatorState, previous: PublishedItem, edited: PublishedItem): string[] {
  const history = [...editChain(previous), edited.postId];
  for (const id of history) {
    const version = state.published.find('x', id);
    if (version) version.editHistory = history;
  }
  return history;
}
