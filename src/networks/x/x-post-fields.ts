import { arrayField, isRecord, JsonRecord, stringField } from '../http/json-fields';

/**
 * How posts are asked for and read. X's OpenAPI document (xdevplatform/xdk specs/openapi.json,
 * version 2.167, see docs/networks.md) names the query parameter `post.fields` on the lookups the
 * service calls, and lists `author_id` and `referenced_posts` among the `expansions`, no longer
 * among the fields: an expansion also puts the field it expands on each post.
 */
export const POST_FIELDS = 'post.fields';

/**
 * The posts this one refers to: `referenced_posts` (the spec's name), else `referenced_tweets` (the
 * name X answered before the rename); undefined when the post carries neither.
 */
export function referencesOf(post: JsonRecord): JsonRecord[] | undefined {
  return (arrayField(post, 'referenced_posts') ?? arrayField(post, 'referenced_tweets'))?.filter(isRecord);
}

/** The id of the post this one replies to: null when it replies to none, undefined when X did not say. */
export function repliedTo(post: JsonRecord): string | null | undefined {
  const references = referencesOf(post);
  if (!references) return undefined;
  const reply = references.find((reference) => stringField(reference, 'type') === 'replied_to');
  return reply ? (stringField(reply, 'id') ?? null) : null;
}
