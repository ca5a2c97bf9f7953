import { FastifyInstance } from 'fastify';
import { escapeLittleText, LinkedInContract, linkedInApiRules, readLittleText } from '../../contracts';
import { EmulatorContext } from '../emulator-context';
import { jsonObjectBody } from '../http/request-params';
import { answerLost } from '../state/comment-threads';
import { numericId } from '../state/emulator-ids';
import { EmulatorState } from '../state/emulator-state';
import { PublishedItem, PublishedMedia } from '../state/published-log';
import { authorizeLinkedInCall, scopesFor } from './linkedin-access';
import { linkedInErrors } from './linkedin-errors';
import { assetStatus } from './linkedin-media.routes';
import { linkedInPermalink } from './linkedin-pages';
import { LinkedInPublishedFields } from './linkedin-published';
import { LINKEDIN_ASSETS } from './linkedin-stored-objects';

const rules = linkedInApiRules();
const DAY_MS = 24 * 3600_000;

type Json = Record<string, unknown>;
const record = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};

/** A post as the Posts API reads it back (GET one, the author finder). */
export function postView(item: PublishedItem): Json {
  const fields = item.linkedin ?? {};
  return {
    id: item.postId,
    author: item.accountId,
    commentary: fields.commentary ?? escapeLittleText(item.text),
    visibility: fields.visibility ?? 'PUBLIC',
    lifecycleState: 'PUBLISHED',
    isReshareDisabledByAuthor: fields.reshareDisabled ?? false,
    distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
    createdAt: Date.parse(item.publishedAt),
    lastModifiedAt: Date.parse(item.editedAt ?? item.publishedAt),
    publishedAt: Date.parse(item.publishedAt),
  };
}

/** The media a post's content names, each uploaded by its author and AVAILABLE, as the log records them. */
function contentMedia(state: EmulatorState, author: string, content: Json): PublishedMedia[] {
  const media = record(content.media);
  const images = Array.isArray(record(content.multiImage).images)
    ? (record(content.multiImage).images as unknown[])
    : [];
  const named = content.media ? [media] : images.map(record);
  // A document is checked like the rest, and recorded by its title (linkedin.documentTitle), not as a medium.
  return named.flatMap((entry): PublishedMedia[] => {
    const urn = String(entry.id);
    const asset = state.objects.of(LINKEDIN_ASSETS).get(urn);
    if (!asset || asset.owner !== author)
      throw linkedInErrors.invalid(`${urn} does not exist or belongs to another owner`);
    const status = assetStatus(state, asset);
    if (status !== 'AVAILABLE')
      throw linkedInErrors.invalid(`${urn} is not AVAILABLE (${status}): wait until it is before posting it`);
    if (asset.kind === 'documents') return [];
    return [
      {
        type: asset.kind === 'videos' ? 'video' : asset.contentType === 'image/gif' ? 'gif' : 'image',
        id: urn,
        ...(asset.size !== undefined ? { size: asset.size } : {}),
        ...(asset.sha256 ? { sha256: asset.sha256 } : {}),
        ...(typeof entry.altText === 'string' ? { altText: entry.altText } : {}),
      },
    ];
  });
}

function publishedFields(body: Json, truncated: boolean): LinkedInPublishedFields {
  const content = record(body.content);
  const kind = Object.keys(content)[0];
  const article = record(content.article);
  const poll = record(content.poll);
  const media = record(content.media);
  return {
    visibility: String(body.visibility),
    reshareDisabled: body.isReshareDisabledByAuthor === true,
    ...(kind ? { content: kind } : {}),
    ...(content.article
      ? {
          article: {
            source: String(article.source),
            title: String(article.title),
            ...(typeof article.description === 'string' ? { description: article.description } : {}),
          },
        }
      : {}),
    ...(content.poll
      ? {
          poll: {
            question: String(poll.question),
            options: (poll.options as Json[]).map((option) => String(option.text)),
            duration: String(record(poll.settings).duration),
          },
        }
      : {}),
    ...(typeof media.id === 'string' && media.id.startsWith('urn:li:document:')
      ? { documentTitle: String(media.title) }
      : {}),
    commentary: String(body.commentary),
    truncated,
  };
}

/**
 * The Posts API: create (201, the URN in `x-restli-id`, no body), read one, the author finder
 * (newest first) and delete (204). A post is held to the contract's schema (422 otherwise); its
 * media must be its author's and AVAILABLE; the same commentary and content again from the same
 * author within a day is a duplicate (422 naming the first); the commentary is read as LinkedIn
 * reads the little text format, cut at the first unescaped reserved character, silently.
 */
export function registerLinkedInPostRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  const contract = LinkedInContract.load();

  fastify.post('/rest/posts', async (request, reply) => {
    const body = jsonObjectBody(request);
    const author = typeof body?.author === 'string' ? body.author : undefined;
    if (!author) throw linkedInErrors.invalid('author is required');
    const { member } = await authorizeLinkedInCall(state, request, {
      author,
      ...scopesFor('POST /rest/posts'),
      faults: ['token_expired', 'token_revoked', 'rate_limited', 'slow', 'server_error', 'duplicate'],
    });
    const problems = contract.postProblems(body as never);
    if (problems.length) throw linkedInErrors.invalid(problems[0]!);
    const content = record(body!.content);
    const media = contentMedia(state, author, content);
    const sameContent = JSON.stringify(body!.content ?? null);
    const earlier = state.published
      .list({ network: 'linkedin', accountId: author })
      .find(
        (item) =>
          !item.deletedAt &&
          !item.parentId &&
          item.linkedin?.commentary === body!.commentary &&
          JSON.stringify(item.linkedin?.contentJson ?? null) === sameContent &&
          state.now() - Date.parse(item.publishedAt) < DAY_MS,
      );
    if (earlier) throw linkedInErrors.duplicate(earlier.postId);
    if (state.settings.enforceRateLimits) {
      const today = new Date(state.now()).toISOString().slice(0, 10);
      const posted = state.published
        .list({ network: 'linkedin', accountId: author })
        .filter((item) => !item.parentId && item.publishedAt.slice(0, 10) === today).length;
      if (posted >= state.settings.linkedinPostsPerDay) throw linkedInErrors.throttled();
    }
    const read = readLittleText(String(body!.commentary));
    const urn = `urn:li:share:${numericId(19)}`;
    state.published.record({
      network: 'linkedin',
      accountId: author,
      postId: urn,
      text: read.text,
      media,
      permalink: linkedInPermalink(context.pages, urn),
      publishedAt: new Date(state.now()).toISOString(),
      linkedin: {
        ...publishedFields(body!, read.cut),
        ...(author !== member.urn ? { actingMember: member.urn } : {}),
        contentJson: body!.content ?? null,
      },
    });
    if (answerLost(state, [{ network: 'linkedin', accountId: author }])) throw linkedInErrors.serverError();
    return reply.status(rules.posts.create.status).header(rules.posts.create.idHeader, urn).send();
  });

  const readable = async (request: Parameters<typeof authorizeLinkedInCall>[1], author: string) =>
    authorizeLinkedInCall(state, request, { author, ...scopesFor('GET /rest/posts'), postingRole: false });

  fastify.get<{ Querystring: Record<string, string | undefined> }>('/rest/posts', async (request) => {
    const { q, author, count, start } = request.query;
    if (q !== 'author' || !author) throw linkedInErrors.badRequest('q=author and author are required');
    await readable(request, author);
    const from = Number(start ?? 0) || 0;
    const size = Math.min(Number(count ?? 10) || 10, 100);
    const posts = state.published
      .list({ network: 'linkedin', accountId: author })
      .filter((item) => !item.deletedAt && !item.parentId)
      .reverse();
    return {
      elements: posts.slice(from, from + size).map(postView),
      paging: { start: from, count: size, total: posts.length, links: [] },
    };
  });

  fastify.get<{ Params: { urn: string } }>('/rest/posts/:urn', async (request) => {
    const item = state.published.find('linkedin', request.params.urn);
    if (!item || item.parentId || item.deletedAt) throw linkedInErrors.notFound(`Post ${request.params.urn} not found`);
    await readable(request, item.accountId);
    return postView(item);
  });

  // A partial update (X-RestLi-Method: PARTIAL_UPDATE, {"patch":{"$set":{"commentary":…}}}): an
  // organic post's commentary, changed in place (contracts/linkedin/api-rules.json posts.update).
  fastify.post<{ Params: { urn: string } }>('/rest/posts/:urn', async (request, reply) => {
    const item = state.published.find('linkedin', request.params.urn);
    if (!item || item.parentId || item.deletedAt) throw linkedInErrors.notFound(`Post ${request.params.urn} not found`);
    await authorizeLinkedInCall(state, request, {
      author: item.accountId,
      ...scopesFor('POST /rest/posts/{urn}'),
      faults: ['token_expired', 'token_revoked', 'rate_limited', 'slow', 'server_error'],
    });
    const body = jsonObjectBody(request);
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [
        name.toLowerCase(),
        Array.isArray(value) ? value[0] : value,
      ]),
    );
    const problems = contract.updateProblems(
      { method: 'POST', path: request.url, headers, query: {}, body, now: new Date(state.now()) },
      body as never,
    );
    if (problems.length) throw linkedInErrors.invalid(problems[0]!);
    const commentary = record(record(body!.patch).$set).commentary;
    if (typeof commentary === 'string') {
      const read = readLittleText(commentary);
      item.linkedin = { ...item.linkedin, commentary, truncated: read.cut };
      item.text = read.text;
      item.editedAt = new Date(state.now()).toISOString();
    }
    return reply.status(rules.posts.update.status).send();
  });

  fastify.delete<{ Params: { urn: string } }>('/rest/posts/:urn', async (request, reply) => {
    const item = state.published.find('linkedin', request.params.urn);
    if (!item || item.parentId) throw linkedInErrors.notFound(`Post ${request.params.urn} not found`);
    await authorizeLinkedInCall(state, request, { author: item.accountId, ...scopesFor('DELETE /rest/posts') });
    item.deletedAt ??= new Date(state.now()).toISOString();
    return reply.status(rules.posts.delete.status).send();
  });
}
