import { extractUrls } from 'twitter-text';
import { arrayField, isRecord, JsonRecord, recordField, stringField } from '../http/json-fields';
import { PostPart, PublishRequest } from '../network-adapter';
import { XApi } from './x-api';
import { POST_FIELDS, repliedTo } from './x-post-fields';
import { XUpload } from './x-progress';

/** How many of the user's latest tweets are searched for one an interrupted attempt may have made. */
const RECENT_TWEETS_LOOKED_AT = '10';

/** The part whose tweet may have been made by a cut-off attempt, and what it was to carry. */
export interface TweetInFlight {
  part: PostPart;
  /** The media uploaded (and checkpointed) for the part, before its tweet was sent. */
  uploads: readonly XUpload[];
  /** The tweet it replies to, if it is not the first part. */
  replyTo: string | undefined;
}

/**
 * Text as X shows it back, made comparable: X answers with its links shortened to t.co (and adds
 * one for attached media) and with &, < and > escaped, so links are left out and entities undone.
 */
export function comparableTweetText(text: string): string {
  const unescaped = text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  // twitter-text finds links without a scheme; the pattern catches schemed ones on TLDs it does not know.
  const withoutLinks = extractUrls(unescaped)
    .reduce((rest, url) => rest.split(url).join(' '), unescaped)
    .replace(/https?:\/\/\S+/gi, ' ');
  return withoutLinks.replace(/\s+/g, ' ').trim();
}

/** The keys of the media a tweet carries (`attachments.media_keys`). */
function mediaKeysOf(tweet: JsonRecord): string[] {
  const attachments = recordField(tweet, 'attachments');
  return (attachments ? (arrayField(attachments, 'media_keys') ?? []) : []).filter(
    (key): key is string => typeof key === 'string',
  );
}

/**
 * A tweet's whole text: a long post's `text` is cut short ("The full content of the Post, including
 * text beyond 280 characters" is `note_post.text`, X's PostNotePost), so it is read from there when present.
 */
function fullTextOf(tweet: JsonRecord): string {
  const note = recordField(tweet, 'note_post');
  return (note ? stringField(note, 'text') : undefined) ?? stringField(tweet, 'text') ?? '';
}

/**
 * The newest of the user's recent tweets that is this part's (and, when X tells, replies to the
 * right tweet). A part with media is recognised by them: a tweet carrying one of the media
 * uploaded for it, whatever its text, so a tweet of media alone is found too. A part without
 * media is recognised by its text; one without text besides links cannot be, and none is looked for.
 */
export async function findRecentTweet(
  api: XApi,
  request: PublishRequest,
  inFlight: TweetInFlight,
): Promise<string | undefined> {
  const mediaKeys = inFlight.uploads.map((upload) => upload.key).filter((key): key is string => key !== undefined);
  const wanted = comparableTweetText(inFlight.part.text);
  if (mediaKeys.length === 0 && !wanted) return undefined;
  const body = await api.send({
    method: 'GET',
    url: api.url(`/2/users/${encodeURIComponent(request.networkAccountId)}/tweets`),
    query: {
      max_results: RECENT_TWEETS_LOOKED_AT,
      // note_post: a long post's full text; its `text` comes back cut (X's Post.note_post, PostNotePost).
      [POST_FIELDS]: 'created_at,attachments,note_post',
      expansions: 'referenced_posts',
    },
    headers: { Authorization: `Bearer ${request.tokens.accessToken}` },
  });
  const tweets = (isRecord(body) ? (arrayField(body, 'data') ?? []) : []).filter(isRecord);
  const isThePart =
    mediaKeys.length > 0
      ? (tweet: JsonRecord) => mediaKeysOf(tweet).some((key) => mediaKeys.includes(key))
      : (tweet: JsonRecord) => comparableTweetText(fullTextOf(tweet)) === wanted;
  const match = tweets.find((tweet) => {
    const parent = repliedTo(tweet);
    const sameParent = parent === undefined || parent === (inFlight.replyTo ?? null);
    return sameParent && isThePart(tweet);
  });
  return match ? stringField(match, 'id') : undefined;
}
