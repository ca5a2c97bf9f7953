import { EmulatorState } from '../state/emulator-state';
import { graphId, snowflakeId } from '../state/emulator-ids';
import { PublishedItem } from '../state/published-log';
import { ControlError, objectBody } from './control-error';
import { EmulatorPages } from '../http/object-pages';
import { X_PAGES_PREFIX, xStatusPath } from '../x/x-pages';
import { commentPermalink } from '../facebook/facebook-pages';

const TEXT_MAX = 10_000;

/**
 * `{ network, parentId, text, author?: { id?, username? } }` → a comment by someone other than
 * the account: under a Facebook post or comment, an Instagram medium or comment, or an X reply in
 * a tweet's conversation. It shows in the comment reads as the network would show it.
 */
export function addThirdPartyComment(state: EmulatorState, pages: EmulatorPages, input: unknown): PublishedItem {
  const body = objectBody(input);
  const problems: string[] = [];
  const network = typeof body.network === 'string' ? state.registry.find(body.network)?.id : undefined;
  if (network !== 'facebook' && network !== 'instagram' && network !== 'x')
    problems.push('network: must be facebook, instagram or x');
  if (typeof body.parentId !== 'string' || !body.parentId) problems.push('parentId: must be a non-empty string');
  if (typeof body.text !== 'string' || !body.text || body.text.length > TEXT_MAX)
    problems.push(`text: must be 1 to ${TEXT_MAX} characters`);
  const author = body.author === undefined ? {} : body.author;
  if (typeof author !== 'object' || author === null || Array.isArray(author))
    problems.push('author: must be an object');
  const { id: authorId, username } = author as { id?: unknown; username?: unknown };
  if (authorId !== undefined && (typeof authorId !== 'string' || !/^[0-9]{1,19}$/.test(authorId)))
    problems.push('author.id: must be digits');
  if (username !== undefined && (typeof username !== 'string' || !/^\w{1,30}$/.test(username)))
    problems.push('author.username: must be 1 to 30 letters, digits or _');
  if (problems.length) throw new ControlError('Invalid comment.', problems);
  const parent = state.published.find(network!, body.parentId as string);
  if (!parent || parent.deletedAt) throw new ControlError(`No ${network} object ${String(body.parentId)}.`, [], 404);
  const who = {
    id: (authorId as string | undefined) ?? snowflakeId(),
    username: (username as string | undefined) ?? 'someone_else',
  };
  const publishedAt = new Date(state.now()).toISOString();
  if (network === 'x') {
    const id = snowflakeId();
    return state.published.record({
      network,
      accountId: who.id,
      postId: id,
      text: body.text as string,
      media: [],
      replyToId: parent.postId,
      author: who,
      permalink: pages.url(X_PAGES_PREFIX, xStatusPath(who.username, id)),
      publishedAt,
    });
  }
  const postId = parent.parentId ?? parent.postId;
  const id = network === 'facebook' ? `${postId.split('_')[1] ?? postId}_${graphId()}` : graphId();
  return state.published.record({
    network: network!,
    accountId: parent.accountId,
    postId: id,
    text: body.text as string,
    media: [],
    parentId: parent.postId,
    author: who,
    permalink: network === 'facebook' ? commentPermalink(pages, postId, id) : parent.permalink,
    publishedAt,
  });
}
