import { publishGraphComments } from '../graph/graph-comments';
import { GraphApi } from '../graph/graph-api';
import { createdId, graphEdge, graphPost, graphRead, newestWithText, node } from '../graph/graph-publishing';
import { stringField } from '../http/json-fields';
import { PostPart, PublishOutcome, PublishRequest } from '../network-adapter';
import { FacebookProgress, facebookProgressJson, readFacebookProgress } from './facebook-progress';
import { publishFacebookVideo } from './facebook-video';
import { findStory, publishFacebookReel, publishFacebookStory } from './facebook-placements';
import { readFacebookOptions } from './facebook-post-options';

/** How many of the Page's latest posts are searched for one an interrupted attempt may have made. */
const RECENT_POSTS_LOOKED_AT = '25';

/** Where Facebook's relative permalinks (a Video's `/{page}/videos/{id}/`) are resolved. */
const FACEBOOK_ORIGIN = 'https://www.facebook.com/';

/**
 * The published object's `permalink_url`, a field of a Page post and of a Video alike (a Video's is
 * relative to facebook.com): the link Facebook gives, not one built from the id.
 */
async function readPermalink(api: GraphApi, accessToken: string, objectId: string): Promise<string | null> {
  const body = await graphRead(api, node(objectId), accessToken, { fields: 'permalink_url' });
  const permalink = stringField(body, 'permalink_url');
  if (!permalink) return null;
  try {
    return new URL(permalink, FACEBOOK_ORIGIN).toString();
  } catch {
    return null;
  }
}

/**
 * Publishes a delivery on a Page with the Page token: text (`/feed`, with the options' link), photos
 * (each staged unpublished with its alt text, then `/feed` with attached_media) or a video (`/videos`
 * in a resumable upload, polled until Facebook has processed it); or, by the options' placement, a
 * reel or a story (facebook-placements.ts). Then its permalink, then the thread as comments.
 * Every created object is checkpointed before the next call, and a resumed attempt looks for what
 * the cut-off call may have made before making it again.
 */
export async function publishOnFacebook(
  api: GraphApi,
  request: PublishRequest,
  videoPollMs: number,
  ruploadUrl: string,
  now = new Date(),
): Promise<PublishOutcome> {
  let progress = readFacebookProgress(request.progress);
  const save = async (next: FacebookProgress): Promise<void> => {
    progress = next;
    await request.checkpoint(facebookProgressJson(next));
  };
  const [post, ...thread] = request.parts;
  const { placement, link } = readFacebookOptions(request.options);
  // With the post already recorded, only a comment can have been in flight when an attempt was cut off.
  const postWasRecorded = progress.postId !== undefined;
  let postId = progress.postId;
  if (postId === undefined) {
    if (placement !== 'feed') {
      const call = { api, ruploadUrl, request, post, progress, save };
      postId = placement === 'reel' ? await publishFacebookReel(call) : await publishFacebookStory(call);
    } else if (post.media.some((media) => media.kind === 'video')) {
      const step = await publishFacebookVideo({ api, request, post, progress, save, pollMs: videoPollMs, now });
      if (step.kind === 'poll') return step;
      postId = step.videoId;
    } else {
      postId = await createPost(api, request, { post, link, progress, save, now });
    }
    // Recorded before its permalink is read: a retry after a failed read goes on from the post.
    await save({ ...progress, postId });
  }
  const permalink =
    placement === 'story'
      ? await storyPermalink(api, request, progress, postId)
      : await readPermalink(api, request.tokens.accessToken, postId);
  await publishGraphComments({
    api,
    accessToken: request.tokens.accessToken,
    parentId: postId,
    texts: thread.map((part) => part.text),
    done: progress.commentIds,
    resuming: request.resuming && postWasRecorded,
    textField: 'message',
    save: (commentIds) => save({ ...progress, commentIds }),
  });
  return { kind: 'published', platformPostId: postId, permalink };
}

/**
 * A story's address: the `url` the Page's stories edge gives it (a story is no Page post, and has no
 * `permalink_url` of its own to read); none when it is not listed (yet).
 */
async function storyPermalink(
  api: GraphApi,
  request: PublishRequest,
  progress: FacebookProgress,
  postId: string,
): Promise<string | null> {
  const mediaId = progress.placementVideoId ?? progress.photoIds[0];
  const story = mediaId !== undefined ? await findStory({ api, request }, mediaId) : undefined;
  return story?.postId === postId ? story.url : null;
}

/**
 * How far Facebook's `created_time` of a link post may precede our record of sending it (the two
 * clocks differ; Graph's times are whole seconds).
 */
export const LINK_POST_CLOCK_SLACK_MS = 60_000;

interface FeedPostCall {
  post: PostPart;
  link: string | undefined;
  progress: FacebookProgress;
  save: (next: FacebookProgress) => Promise<void>;
  now: Date;
}

/**
 * A text post, with its `link` if the options give one (Facebook shows the link's preview). A
 * resumed attempt looks for it by its message. A link post without a message has none (and a Page
 * post's fields do not include its link), so the time it was sent is recorded before the call, and
 * a resumed attempt adopts the Page's first post without a message made since then.
 */
async function createPost(api: GraphApi, request: PublishRequest, call: FeedPostCall): Promise<string> {
  const { post, link, progress, save, now } = call;
  if (post.media.length > 0) return createPhotoPost(api, request, post, progress, save);
  if (request.resuming) {
    const existing = post.text
      ? await findRecentPost(api, request, post.text)
      : progress.linkPostSentAt && (await findLinkPostSince(api, request, progress.linkPostSentAt));
    if (existing) return existing;
  }
  if (!post.text) await save({ ...progress, linkPostSentAt: now.toISOString() });
  return createdId(
    api,
    await graphPost(api, node(request.networkAccountId, 'feed'), request.tokens.accessToken, {
      message: post.text || undefined,
      link,
    }),
    'POST /{page-id}/feed',
  );
}

/** The Page's earliest recent post without a message made since `sentAt` (less the clocks' slack). */
async function findLinkPostSince(api: GraphApi, request: PublishRequest, sentAt: string): Promise<string | undefined> {
  const since = Date.parse(sentAt) - LINK_POST_CLOCK_SLACK_MS;
  const entries = await graphEdge(api, node(request.networkAccountId, 'feed'), request.tokens.accessToken, {
    fields: 'id,message,created_time',
    limit: RECENT_POSTS_LOOKED_AT,
  });
  const candidates = entries.filter((entry) => {
    const created = Date.parse(stringField(entry, 'created_time')?.replace(/\+0000$/, 'Z') ?? '');
    return !stringField(entry, 'message') && created >= since;
  });
  // The feed lists newest first: the earliest candidate is the one sent first after `sentAt`.
  return stringField(candidates.at(-1) ?? {}, 'id');
}

/**
 * One photo or several, each staged unpublished first (`published=false`) and checkpointed, then
 * published in one Page post (`/feed` with attached_media). The photo ids are recorded before the
 * call that publishes them, so a resumed attempt finds the post by its photo (`page_story_id`),
 * with or without a message.
 */
async function createPhotoPost(
  api: GraphApi,
  request: PublishRequest,
  post: PostPart,
  progress: FacebookProgress,
  save: (next: FacebookProgress) => Promise<void>,
): Promise<string> {
  const token = request.tokens.accessToken;
  const page = request.networkAccountId;
  const photoIds = [...progress.photoIds];
  // A staged photo is invisible until attached, so one uploaded twice by a cut-off attempt harms nothing.
  for (let index = photoIds.length; index < post.media.length; index++) {
    const { url, altText } = post.media[index];
    // alt_text_custom: the Page photos edge's parameter for a photo's description (Page.json, POST photos).
    const photo = await graphPost(api, node(page, 'photos'), token, {
      url,
      published: 'false',
      alt_text_custom: altText,
    });
    photoIds.push(createdId(api, photo, 'POST /{page-id}/photos'));
    await save({ ...progress, photoIds: [...photoIds] });
  }
  if (request.resuming) {
    const existing = (await storyOfPhoto(api, token, photoIds[0])) ?? (await findRecentPost(api, request, post.text));
    if (existing) return existing;
  }
  const attached = JSON.stringify(photoIds.map((id) => ({ media_fbid: id })));
  return createdId(
    api,
    await graphPost(api, node(page, 'feed'), token, { message: post.text || undefined, attached_media: attached }),
    'POST /{page-id}/feed',
  );
}

/** The post a staged photo was attached to (`page_story_id`), if the cut-off call made it. */
async function storyOfPhoto(api: GraphApi, token: string, photoId: string): Promise<string | undefined> {
  const photo = await graphRead(api, node(photoId), token, { fields: 'id,page_story_id' });
  return stringField(photo, 'page_story_id');
}

/** The newest of the Page's recent posts with exactly this message (none for a post without text). */
function findRecentPost(api: GraphApi, request: PublishRequest, text: string): Promise<string | undefined> {
  const query = { fields: 'id,message,created_time', limit: RECENT_POSTS_LOOKED_AT };
  return newestWithText(
    api,
    node(request.networkAccountId, 'feed'),
    request.tokens.accessToken,
    query,
    'message',
    text,
  );
}
