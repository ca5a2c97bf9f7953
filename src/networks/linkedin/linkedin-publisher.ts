import { escapeLittleText, linkedInApiRules } from '../../contracts';
import { worldClientId } from '../apps/test-world-mark';
import { arrayField, isRecord, numberField, stringField } from '../http/json-fields';
import { PostPart, PublishOutcome, PublishRequest } from '../network-adapter';
import { NetworkError } from '../network-error';
import { safeNetworkMessage } from '../safe-network-message';
import { LinkedInApi, restPath } from './linkedin-api';
import { LINKEDIN_DUPLICATE } from './linkedin-errors';
import { linkedInMediaStatus, uploadLinkedInFile, uploadLinkedInVideo } from './linkedin-media';
import { LinkedInPostOptions, readLinkedInOptions } from './linkedin-post-options';
import { LinkedInProgress, linkedInProgressJson, readLinkedInProgress } from './linkedin-progress';

const posts = linkedInApiRules().posts;
/**
 * A video (or document) still processing this long after it was first read so is given up: a 30-minute
 * video is processed in minutes; a status that never moves is LinkedIn's failure, not a wait.
 */
export const LINKEDIN_PROCESSING_LIMIT_MS = 30 * 60_000;
/** Tolerated difference between our clock and LinkedIn's when matching a post's creation time. */
const CLOCK_SKEW_MS = 2 * 60_000;

/**
 * A post's page: `{webUrl}/feed/update/{urn}` (LinkedIn's API gives no permalink). In a test world,
 * the world's mark goes in the query, as the emulator's own permalinks do, so that the page is
 * looked up in that world.
 */
export function linkedInPermalink(webUrl: string, urn: string, emulatorWorld?: string): string {
  const url = posts.permalink.replace('https://www.linkedin.com', webUrl).replace('{urn}', urn);
  return emulatorWorld === undefined ? url : `${url}?world=${worldClientId(emulatorWorld)}`;
}

/**
 * Publishes a delivery as a member or an organization (the account's URN is the author): each
 * medium uploaded (images, a video in parts then finalized, a document), a video or a document read
 * until AVAILABLE (by returning `poll`, never by waiting), then `POST /rest/posts`, whose answer
 * names the post in `x-restli-id`. The moment the creation is sent is recorded first: any later
 * attempt (its answer lost, a 500, a crash) looks for the post before creating it (the author's
 * newest posts; a member's token may not read them, then LinkedIn's duplicate refusal names the
 * post) and adopts it: the post is never made twice.
 */
export async function publishOnLinkedIn(
  api: LinkedInApi,
  request: PublishRequest,
  pollMs: number,
  webUrl: string,
): Promise<PublishOutcome> {
  const published = (done: LinkedInProgress) => publishedOutcome(done, webUrl, request.app.emulatorWorld);
  const progress = readLinkedInProgress(request.progress);
  const author = request.networkAccountId;
  const options = readLinkedInOptions(request.options);
  if (progress.postUrn) return published(progress);
  if (
    author.startsWith('urn:li:organization:') &&
    options.visibility &&
    posts.visibility.memberOnly.includes(options.visibility)
  )
    throw new NetworkError(
      api.network,
      'permanent',
      `visibility ${options.visibility} is for a member's post, not an organization's`,
      {
        code: 'visibility_member_only',
      },
    );
  const save = async () => request.checkpoint(linkedInProgressJson(progress));
  const [post] = request.parts as [PostPart];
  for (let index = progress.media.length; index < post.media.length; index++) {
    const medium = post.media[index]!;
    const urn =
      medium.kind === 'video'
        ? await uploadLinkedInVideo(api, author, medium)
        : await uploadLinkedInFile(api, 'images', author, medium);
    progress.media.push(urn);
    await save();
  }
  if (options.document && !progress.documentUrn) {
    progress.documentUrn = await uploadLinkedInFile(api, 'documents', author, { url: options.document.url });
    await save();
  }
  const processing = [
    ...post.media.flatMap((medium, index) =>
      medium.kind === 'video' ? [['videos', progress.media[index]!] as const] : [],
    ),
    ...(progress.documentUrn ? [['documents', progress.documentUrn] as const] : []),
  ];
  for (const [kind, urn] of processing) {
    const { status, reason } = await linkedInMediaStatus(api, kind, urn);
    if (status === 'PROCESSING_FAILED')
      throw new NetworkError(
        api.network,
        'permanent',
        `LinkedIn could not process the medium: ${safeNetworkMessage(reason ?? 'no reason given')}`,
        {
          code: status,
        },
      );
    if (status !== 'AVAILABLE') {
      const now = Date.now();
      const since = Date.parse(progress.processingSince ?? '');
      if (Number.isFinite(since) && now - since >= LINKEDIN_PROCESSING_LIMIT_MS)
        throw new NetworkError(
          api.network,
          'permanent',
          `LinkedIn was still processing the medium ${LINKEDIN_PROCESSING_LIMIT_MS / 60_000} minutes after it was uploaded`,
          { code: status },
        );
      progress.processingSince ??= new Date(now).toISOString();
      return { kind: 'poll', at: new Date(now + pollMs), progress: linkedInProgressJson(progress) };
    }
  }
  const body = postBody(author, post, options, progress);
  // An attempt sent the creation before (its answer lost, or it was cut off): the post may exist.
  const retried = progress.creatingAt !== undefined || request.resuming;
  if (progress.creatingAt) {
    const found = await findOwnPost(api, author, body.commentary, Date.parse(progress.creatingAt));
    if (found) {
      progress.postUrn = found;
      return published(progress);
    }
  }
  progress.creatingAt = new Date().toISOString();
  await save();
  let urn: string;
  try {
    const answer = await api.rest('POST', restPath('posts'), { json: body });
    const id = answer.headers[posts.create.idHeader];
    if (!id) throw api.unexpected(`the created post's answer has no ${posts.create.idHeader}`);
    urn = decodeURIComponent(id);
  } catch (error) {
    const duplicateOf = retried ? duplicateUrn(error) : undefined;
    if (!duplicateOf) throw error;
    // The lost attempt made it: LinkedIn refuses the same post again and names the one it has.
    urn = duplicateOf;
  }
  progress.postUrn = urn;
  return published(progress);
}

function publishedOutcome(
  progress: LinkedInProgress,
  webUrl: string,
  emulatorWorld: string | undefined,
): PublishOutcome {
  return {
    kind: 'published',
    platformPostId: progress.postUrn!,
    permalink: linkedInPermalink(webUrl, progress.postUrn!, emulatorWorld),
    progress: linkedInProgressJson(progress),
  };
}

interface LinkedInPostBody {
  author: string;
  commentary: string;
  visibility: string;
  distribution: { feedDistribution: 'MAIN_FEED'; targetEntities: []; thirdPartyDistributionChannels: [] };
  lifecycleState: 'PUBLISHED';
  isReshareDisabledByAuthor: boolean;
  content?: Record<string, unknown>;
}

/** The Posts API's body: commentary in the little text format (every reserved character escaped), the options, the content. */
export function postBody(
  author: string,
  post: PostPart,
  options: LinkedInPostOptions,
  progress: LinkedInProgress,
): LinkedInPostBody {
  return {
    author,
    commentary: escapeLittleText(post.text),
    visibility: options.visibility ?? 'PUBLIC',
    distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
    lifecycleState: 'PUBLISHED',
    isReshareDisabledByAuthor: options.disableReshare ?? false,
    ...(contentOf(post, options, progress) ?? {}),
  };
}

function contentOf(
  post: PostPart,
  options: LinkedInPostOptions,
  progress: LinkedInProgress,
): { content: Record<string, unknown> } | undefined {
  const alt = (index: number) => (post.media[index]?.altText ? { altText: post.media[index]!.altText } : {});
  if (progress.media.length === 1) return { content: { media: { id: progress.media[0], ...alt(0) } } };
  if (progress.media.length > 1)
    return { content: { multiImage: { images: progress.media.map((id, index) => ({ id, ...alt(index) })) } } };
  if (options.document && progress.documentUrn)
    return { content: { media: { id: progress.documentUrn, title: options.document.title } } };
  if (options.article)
    return {
      content: {
        article: {
          source: options.article.url,
          title: options.article.title,
          ...(options.article.description ? { description: options.article.description } : {}),
        },
      },
    };
  if (options.poll)
    return {
      content: {
        poll: {
          question: options.poll.question,
          options: options.poll.options.map((text) => ({ text })),
          settings: { duration: options.poll.duration ?? 'THREE_DAYS' },
        },
      },
    };
  return undefined;
}

/**
 * The author's post a lost attempt made: `GET /rest/posts?q=author` (newest first), the one with
 * this commentary created since the attempt began. A login that may not read the author's posts
 * (a member without r_member_social: 403) finds nothing, and the duplicate refusal is the guard.
 */
async function findOwnPost(
  api: LinkedInApi,
  author: string,
  commentary: string,
  since: number,
): Promise<string | undefined> {
  let body;
  try {
    body = await api.read(restPath('posts'), { q: 'author', author, count: '20', sortBy: 'LAST_MODIFIED' });
  } catch (error) {
    if (error instanceof NetworkError && error.details.permissionDenied) return undefined;
    throw error;
  }
  const match = (arrayField(body, 'elements') ?? []).filter(isRecord).find((element) => {
    const createdAt = numberField(element, 'createdAt');
    return (
      stringField(element, 'commentary') === commentary &&
      (createdAt === undefined || !Number.isFinite(since) || createdAt >= since - CLOCK_SKEW_MS)
    );
  });
  return match ? stringField(match, 'id') : undefined;
}

/** The post a duplicate refusal names ("Content is a duplicate of urn:li:share:…"). */
function duplicateUrn(error: unknown): string | undefined {
  if (!(error instanceof NetworkError) || error.details.status !== LINKEDIN_DUPLICATE.status) return undefined;
  return /urn:li:(?:share|ugcPost):[0-9]+/.exec(error.message)?.[0];
}
