import { FastifyInstance, FastifyRequest } from 'fastify';
import { randomBase62 } from '../../common/ids';
import { TikTokContract, TikTokEndpointName, tiktokApiRules } from '../../contracts';
import { EmulatorContext } from '../emulator-context';
import { fetchedMedia, fetchMediaFirst } from '../http/media-fetch';
import { jsonObjectBody } from '../http/request-params';
import { answerLost } from '../state/comment-threads';
import { numericId } from '../state/emulator-ids';
import { EmulatorState } from '../state/emulator-state';
import { authorizeTikTokCall, TikTokCall } from './tiktok-access';
import { tiktokErrors, tiktokOk } from './tiktok-errors';
import { publiclyAvailableIds, readPublishStatus } from './tiktok-processing';
import { TIKTOK_PUBLISHES, TikTokPostInfo, TikTokPublish } from './tiktok-stored-objects';
import { privacyLevelOptions } from './tiktok-test-user';
import { tiktokUploadUrl } from './tiktok-uploads';

const rules = tiktokApiRules();
const INIT_FAULTS = ['token_expired', 'token_revoked', 'rate_limited', 'slow', 'server_error'] as const;

type Json = Record<string, unknown>;
const record = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};

/** A URL the app verified for PULL_FROM_URL (tiktokVerifiedUrlPrefixes; `*` any). */
function verified(state: EmulatorState, url: string): boolean {
  return state.settings.tiktokVerifiedUrlPrefixes.some((prefix) => prefix === '*' || url.startsWith(prefix));
}

/**
 * The direct post's checks beyond the schema, in TikTok's order: the privacy level among the
 * creator's options (privacy_level_option_mismatch), an unaudited app's SELF_ONLY only, branded
 * content never private, the title's length.
 */
function postInfoProblems(state: EmulatorState, call: TikTokCall, info: TikTokPostInfo, kind: 'video' | 'photo'): void {
  const level = info.privacy_level;
  if (level !== undefined && !privacyLevelOptions(call.creator).includes(level))
    throw tiktokErrors.privacyMismatch(level);
  if (level !== undefined && !state.settings.tiktokAuditedClient && level !== rules.posting.unaudited.onlyPrivacyLevel)
    throw tiktokErrors.unaudited();
  if (info.brand_content_toggle === true && level === 'SELF_ONLY')
    throw tiktokErrors.invalidParam(
      'Branded content (brand_content_toggle) cannot be posted with privacy_level SELF_ONLY',
    );
  const titleMax = kind === 'video' ? rules.posting.titleMaxRunes.video : rules.posting.titleMaxRunes.photo;
  if ((info.title ?? '').length > titleMax)
    throw tiktokErrors.invalidParam(`post_info.title is longer than ${titleMax} characters`);
  if ((info.description ?? '').length > rules.posting.titleMaxRunes.photoDescription)
    throw tiktokErrors.invalidParam(
      `post_info.description is longer than ${rules.posting.titleMaxRunes.photoDescription} characters`,
    );
}

/**
 * The Content Posting API: creator_info/query, the direct video post's and the inbox upload's
 * init (FILE_UPLOAD answers an upload URL; PULL_FROM_URL from a verified prefix only), the photo
 * post's init (PULL_FROM_URL only, DIRECT_POST or MEDIA_UPLOAD) and status/fetch. Bodies are held
 * to the contract's schemas (400 invalid_param).
 */
export function registerTikTokPublishRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  const contract = TikTokContract.load();

  const validBody = (request: FastifyRequest, name: TikTokEndpointName): Json => {
    const body = jsonObjectBody(request);
    const problems = contract.bodyProblems(name, rules.endpoints[name], body ?? null);
    if (problems.length) throw tiktokErrors.invalidParam(problems[0]!);
    return body!;
  };

  fastify.post('/v2/post/publish/creator_info/query/', async (request) => {
    const { creator } = await authorizeTikTokCall(state, request, 'creatorInfo');
    return tiktokOk({
      creator_avatar_url: creator.avatarUrl,
      creator_username: creator.username,
      creator_nickname: creator.nickname,
      privacy_level_options: privacyLevelOptions(creator),
      comment_disabled: creator.commentDisabled,
      duet_disabled: creator.duetDisabled || creator.privateAccount,
      stitch_disabled: creator.stitchDisabled || creator.privateAccount,
      max_video_post_duration_sec: creator.maxVideoPostDurationSec,
    });
  });

  // TikTok fetches what it is asked to pull (a video_url, photo_images) before the handler holds the world.
  const preHandler = fetchMediaFirst(context.fetchMedia, [], [], (body) => {
    const source = record(record(body).source_info);
    return [
      ...(typeof source.video_url === 'string' ? [source.video_url] : []),
      ...(Array.isArray(source.photo_images) ? source.photo_images.filter((url) => typeof url === 'string') : []),
    ] as string[];
  });
  /** The reason a pull ends FAILED: the first of `urls` TikTok could not fetch. */
  const pullFailure = (request: FastifyRequest, urls: readonly string[], kind: 'video' | 'photo') =>
    urls.some((url) => !fetchedMedia(request, url).ok) ? { pullFailure: `${kind}_pull_failed` } : {};

  const newPublish = (
    call: TikTokCall,
    fields: Omit<TikTokPublish, 'publishId' | 'openId' | 'chunks' | 'polls' | 'createdAt'>,
  ) => {
    const prefix = fields.kind === 'photo' ? 'p_pub_url' : fields.source === 'FILE_UPLOAD' ? 'v_pub_file' : 'v_pub_url';
    const publish: TikTokPublish = {
      publishId: `${prefix}~v2-1.${numericId(19)}`,
      openId: call.creator.openId,
      chunks: [],
      polls: 0,
      createdAt: state.now(),
      ...fields,
    };
    if (state.faults.take([{ network: 'tiktok', accountId: call.creator.openId }], ['container_error']).length)
      publish.failing = true;
    state.objects.of(TIKTOK_PUBLISHES).set(publish.publishId, publish);
    return publish;
  };

  const videoInit =
    (name: 'videoInit' | 'inboxVideoInit', mode: TikTokPublish['mode']) => async (request: FastifyRequest) => {
      const call = await authorizeTikTokCall(state, request, name, { faults: INIT_FAULTS });
      const body = validBody(request, name);
      const source = record(body.source_info);
      const info = record(body.post_info) as TikTokPostInfo;
      if (mode === 'direct') postInfoProblems(state, call, info, 'video');
      const pull = source.source === 'PULL_FROM_URL';
      if (pull && !verified(state, String(source.video_url)))
        throw tiktokErrors.urlUnverified(String(source.video_url));
      const publish = newPublish(call, {
        kind: 'video',
        mode,
        source: pull ? 'PULL_FROM_URL' : 'FILE_UPLOAD',
        postInfo: info,
        urls: pull ? [String(source.video_url)] : [],
        ...(pull ? pullFailure(request, [String(source.video_url)], 'video') : {}),
        ...(pull
          ? { arrivedAt: state.now() }
          : {
              videoSize: Number(source.video_size),
              chunkSize: Number(source.chunk_size),
              totalChunkCount: Number(source.total_chunk_count),
              uploadToken: randomBase62(24),
            }),
      });
      if (answerLost(state, [{ network: 'tiktok', accountId: call.creator.openId }])) throw tiktokErrors.serverError();
      return tiktokOk({
        publish_id: publish.publishId,
        ...(pull ? {} : { upload_url: tiktokUploadUrl(context.pages, publish) }),
      });
    };
  fastify.post('/v2/post/publish/video/init/', { preHandler }, videoInit('videoInit', 'direct'));
  fastify.post('/v2/post/publish/inbox/video/init/', { preHandler }, videoInit('inboxVideoInit', 'inbox'));

  fastify.post('/v2/post/publish/content/init/', { preHandler }, async (request) => {
    const draft = record(jsonObjectBody(request)).post_mode === 'MEDIA_UPLOAD';
    const scopes = draft ? rules.endpoints.contentInit.draftScopes : rules.endpoints.contentInit.scopes;
    const call = await authorizeTikTokCall(state, request, 'contentInit', {
      faults: INIT_FAULTS,
      ...(scopes ? { scopes } : {}),
    });
    const body = validBody(request, 'contentInit');
    const source = record(body.source_info);
    const info = record(body.post_info) as TikTokPostInfo;
    if (!draft) postInfoProblems(state, call, info, 'photo');
    const urls = (source.photo_images as unknown[]).map(String);
    const unverified = urls.find((url) => !verified(state, url));
    if (unverified) throw tiktokErrors.urlUnverified(unverified);
    const publish = newPublish(call, {
      kind: 'photo',
      mode: draft ? 'inbox' : 'direct',
      source: 'PULL_FROM_URL',
      postInfo: { ...info, photo_cover_index: Number(source.photo_cover_index) },
      urls,
      ...pullFailure(request, urls, 'photo'),
      arrivedAt: state.now(),
    });
    if (answerLost(state, [{ network: 'tiktok', accountId: call.creator.openId }])) throw tiktokErrors.serverError();
    return tiktokOk({ publish_id: publish.publishId });
  });

  fastify.post('/v2/post/publish/status/fetch/', async (request, reply) => {
    const call = await authorizeTikTokCall(state, request, 'statusFetch');
    const body = validBody(request, 'statusFetch');
    const publish = state.objects.of(TIKTOK_PUBLISHES).get(String(body.publish_id));
    if (!publish || publish.openId !== call.creator.openId)
      throw tiktokErrors.invalidParam(`publish_id ${String(body.publish_id)} is not a publish of this user`);
    const status = readPublishStatus(state, context.pages, publish);
    const uploaded = publish.chunks.reduce((total, chunk) => total + chunk.last - chunk.first + 1, 0);
    // publicaly_available_post_id is a list<int64> (TikTok's spelling): written as JSON numbers, which
    // a 19-digit id exceeds in a double; the answer is written by hand so the digits stay exact.
    const ids = publiclyAvailableIds(publish);
    const data = {
      status,
      ...(publish.failReason ? { fail_reason: publish.failReason } : {}),
      publicaly_available_post_id: '__IDS__',
      ...(publish.source === 'FILE_UPLOAD' ? { uploaded_bytes: uploaded } : {}),
    };
    const text = JSON.stringify(tiktokOk(data)).replace('"__IDS__"', `[${ids.join(',')}]`);
    return reply.type('application/json; charset=utf-8').send(text);
  });
}
