// The fields this file records on a published item (PublishedItem.facebook) are declared there.
import './facebook-published';
import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { graphErrors } from '../graph/graph-errors';
import { Params } from '../http/request-params';
import { graphId } from '../state/emulator-ids';
import { FACEBOOK_PHOTOS, FacebookPhoto } from './facebook-stored-objects';
import { isHttpUrl } from '../http/http-url';
import { fetchedMedia, fetchMediaFirst } from '../http/media-fetch';
import { authorizePagePublish, graphBoolean } from './facebook-page-access';

import { pagePostPermalink } from './facebook-pages';
import { PublishedMedia } from '../state/published-log';

type IdParams = { Params: { id: string } };

/** attached_media as Graph takes it: a JSON array, or `attached_media[0]`, `attached_media[1]`, … */
function attachedMediaIds(params: Params): string[] {
  const entries: string[] = [];
  if (params.attached_media !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(params.attached_media);
    } catch {
      throw graphErrors.invalidParameter('Param attached_media must be a JSON array');
    }
    if (!Array.isArray(parsed)) throw graphErrors.invalidParameter('Param attached_media must be a JSON array');
    parsed.forEach((item) => entries.push(JSON.stringify(item)));
  }
  const indexed = Object.keys(params)
    .map((name) => /^attached_media\[(\d+)\]$/.exec(name))
    .filter((match) => match !== null)
    .sort((a, b) => Number(a[1]) - Number(b[1]));
  for (const match of indexed) entries.push(params[match[0]]);
  return entries.map((entry, index) => {
    let item: unknown;
    try {
      item = JSON.parse(entry);
    } catch {
      item = undefined;
    }
    const id = (item as { media_fbid?: unknown } | undefined)?.media_fbid;
    if (typeof id !== 'string' && typeof id !== 'number')
      throw graphErrors.invalidParameter(`param attached_media[${index}] must be an object with a media_fbid`);
    return String(id);
  });
}

/** A photo as published: its URL, id and the alt text it was given (`alt_text_custom`). */
export function publishedPhoto(photo: FacebookPhoto): PublishedMedia {
  return {
    type: 'image',
    url: photo.url,
    id: photo.id,
    ...(photo.altText !== undefined ? { altText: photo.altText } : {}),
  };
}

/** Publishing on a Page: text and link posts, photos (published or staged), multi-photo posts. */
export function registerFacebookPublishRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;

  fastify.post<IdParams>('/:id/feed', async (request, reply) => {
    const { params, page, usageHeaders } = await authorizePagePublish(context, request, request.params.id);
    const message = params.message ?? '';
    if (params.link !== undefined && !isHttpUrl(params.link))
      throw graphErrors.invalidParameter('Param link must be a valid URL');
    const photos: FacebookPhoto[] = attachedMediaIds(params).map((id, index) => {
      const photo = state.objects.of(FACEBOOK_PHOTOS).get(id);
      if (!photo || photo.pageId !== page.id || photo.published || photo.postId)
        throw graphErrors.invalidParameter(`param attached_media[${index}] has an invalid media_fbid`);
      return photo;
    });
    if (!message && !params.link && photos.length === 0)
      throw graphErrors.invalidParameter('Missing message or attachment');
    if (photos.length > 10) throw graphErrors.invalidParameter('At most 10 photos can be attached');
    const published = graphBoolean(params.published, true, 'published');
    const postId = `${page.id}_${graphId()}`;
    photos.forEach((photo) => (photo.postId = postId));
    if (published) {
      state.published.record({
        network: 'facebook',
        accountId: page.id,
        postId,
        // The message alone, as Graph reads it back; the link is recorded beside it.
        text: message,
        media: photos.map(publishedPhoto),
        facebook: { placement: 'feed', ...(params.link !== undefined ? { link: params.link } : {}) },
        permalink: pagePostPermalink(context.pages, postId),
        publishedAt: new Date(state.now()).toISOString(),
      });
    }
    return reply.headers(usageHeaders).send({ id: postId });
  });

  // Facebook fetches a photo's `url` when the photo is made; done before the world is loaded (media-fetch.ts).
  const preHandler = fetchMediaFirst(context.fetchMedia, ['url']);
  fastify.post<IdParams>('/:id/photos', { preHandler }, async (request, reply) => {
    const { params, page, usageHeaders } = await authorizePagePublish(context, request, request.params.id);
    if (!isHttpUrl(params.url)) throw graphErrors.invalidParameter('url should represent a valid URL');
    if (!fetchedMedia(request, params.url).ok) throw graphErrors.invalidImageFile();
    const published = graphBoolean(params.published, true, 'published');
    const photo: FacebookPhoto = {
      id: graphId(),
      pageId: page.id,
      url: params.url,
      caption: params.caption ?? params.message ?? '',
      ...(params.alt_text_custom !== undefined ? { altText: params.alt_text_custom } : {}),
      published,
      createdAt: state.now(),
    };
    state.objects.of(FACEBOOK_PHOTOS).set(photo.id, photo);
    if (!published) return reply.headers(usageHeaders).send({ id: photo.id });
    photo.postId = `${page.id}_${photo.id}`;
    state.published.record({
      network: 'facebook',
      accountId: page.id,
      postId: photo.postId,
      text: photo.caption,
      media: [publishedPhoto(photo)],
      facebook: { placement: 'feed' },
      permalink: pagePostPermalink(context.pages, photo.postId),
      publishedAt: new Date(state.now()).toISOString(),
    });
    return reply.headers(usageHeaders).send({ id: photo.id, post_id: photo.postId });
  });
}
