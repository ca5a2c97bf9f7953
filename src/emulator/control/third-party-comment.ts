import { listInWords } from '../../common/text/list-in-words';
import { EmulatorContext } from '../emulator-context';
import { snowflakeId } from '../state/emulator-ids';
import { PublishedItem } from '../state/published-log';
import { ControlError, objectBody } from './control-error';

const TEXT_MAX = 10_000;

/**
 * `{ network, parentId, text, author?: { id?, username? } }` → a comment by someone other than
 * the account, under a published object of a network that takes one (its descriptor's
 * `control.thirdPartyComment`, which shapes it as the network would show it in its comment reads).
 */
export function addThirdPartyComment(context: EmulatorContext, input: unknown): PublishedItem {
  const { state } = context;
  const body = objectBody(input);
  const problems: string[] = [];
  const commenting = state.registry.networks.filter((network) => network.control?.thirdPartyComment);
  const network =
    typeof body.network === 'string'
      ? commenting.find((candidate) => candidate.id === state.registry.find(body.network as string)?.id)
      : undefined;
  if (!network) problems.push(`network: must be ${listInWords(commenting.map((candidate) => candidate.id))}`);
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
  if (problems.length || !network) throw new ControlError('Invalid comment.', problems);
  const parent = state.published.find(network.id, body.parentId as string);
  if (!parent || parent.deletedAt) throw new ControlError(`No ${network.id} object ${String(body.parentId)}.`, [], 404);
  const comment = network.control!.thirdPartyComment!(
    {
      parent,
      text: body.text as string,
      author: {
        id: (authorId as string | undefined) ?? snowflakeId(),
        username: (username as string | undefined) ?? 'someone_else',
      },
      publishedAt: new Date(state.now()).toISOString(),
    },
    context,
  );
  return state.published.record(comment);
}
