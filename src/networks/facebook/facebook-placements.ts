import { GraphApi } from '../graph/graph-api';
import { createdId, graphEdge, graphPost, graphRead, node } from '../graph/graph-publishing';
import { isRecord, recordField, stringField } from '../http/json-fields';
import { PostPart, PublishRequest } from '../network-adapter';
import { FacebookProgress } from './facebook-progress';

/** How many of the Page's latest stories are searched for one an interrupted attempt may have made. */
const RECENT_STORIES_LOOKED_AT = '25';

export interface PlacementCall {
  api: GraphApi;
  /** rupload's address for a video's file, without the video id (`https://rupload.facebook.com/video-upload/v25.0`). */
  ruploadUrl: string;
  request: PublishRequest;
  post: PostPart;
  progress: FacebookProgress;
  save(next: FacebookProgress): Promise<void>;
}

/**
 * A reel: `/video_reels` START (its video id, checkpointed before anything else), its file sent to
 * rupload by `file_url`, then FINISH with `video_state=PUBLISHED` and the description
 * (contracts/meta/page-reels-stories.json `reel`). The reel is its video: a resumed attempt reads the
 * video's status first, adopts it once published, and otherwise finishes that same video, which
 * cannot make a second reel.
 */
export async function publishFacebookReel(call: PlacementCall): Promise<string> {
  const { videoId, published } = await startedVideo(call, 'video_reels');
  if (published) return videoId;
  await graphPost(call.api, node(call.request.networkAccountId, 'video_reels'), token(call), {
    upload_phase: 'FINISH',
    video_id: videoId,
    video_state: 'PUBLISHED',
    description: call.post.text || undefined,
  }).then((answer) => succeeded(call, answer, 'video_reels upload_phase=FINISH'));
  return videoId;
}

/**
 * A story of one medium (contracts/meta/page-reels-stories.json `photoStory`, `videoStory`): a photo
 * staged unpublished (its id checkpointed) then `/photo_stories`; a video as a reel's upload, then
 * `/video_stories` FINISH. Neither takes text. A story's id comes only with its publishing answer,
 * so a resumed attempt looks for it on the Page's stories edge by its medium's id first, and adopts it.
 */
export async function publishFacebookStory(call: PlacementCall): Promise<string> {
  const { api, request, post } = call;
  const page = request.networkAccountId;
  const medium = post.media[0];
  if (medium.kind === 'video') {
    const earlier = call.progress.placementVideoId;
    const existing = earlier !== undefined ? await findStory(call, earlier) : undefined;
    if (existing) return existing.postId;
    const { videoId } = await startedVideo(call, 'video_stories');
    const answer = await graphPost(api, node(page, 'video_stories'), token(call), {
      upload_phase: 'FINISH',
      video_id: videoId,
    });
    succeeded(call, answer, 'video_stories upload_phase=FINISH');
    return createdId(api, answer, 'POST /{page-id}/video_stories', 'post_id');
  }
  let photoId = call.progress.photoIds[0];
  if (photoId !== undefined) {
    const existing = await findStory(call, photoId);
    if (existing) return existing.postId;
  } else {
    // Staged unpublished, as the guide asks; a staged photo is invisible, so one staged twice harms nothing.
    const staged = await graphPost(api, node(page, 'photos'), token(call), { url: medium.url, published: 'false' });
    photoId = createdId(api, staged, 'POST /{page-id}/photos');
    await call.save({ ...call.progress, photoIds: [photoId] });
  }
  const answer = await graphPost(api, node(page, 'photo_stories'), token(call), { photo_id: photoId });
  succeeded(call, answer, 'POST /{page-id}/photo_stories');
  return createdId(api, answer, 'POST /{page-id}/photo_stories', 'post_id');
}

const token = (call: Pick<PlacementCall, 'request'>) => call.request.tokens.accessToken;

function succeeded(call: PlacementCall, answer: Record<string, unknown>, what: string): void {
  if (answer['success'] !== true) throw call.api.unexpected(`${what} did not answer success`);
}

/**
 * The video of a reel or a video story with its file sent: started now (its id checkpointed before
 * its file is sent), or the one an earlier attempt started, whose status says whether rupload
 * already has its file, and whether it is published already (a finish that arrived): then nothing
 * is sent again.
 */
async function startedVideo(
  call: PlacementCall,
  edge: 'video_reels' | 'video_stories',
): Promise<{ videoId: string; published: boolean }> {
  const { api, request } = call;
  let videoId = call.progress.placementVideoId;
  if (videoId !== undefined) {
    const status = await videoStatus(call, videoId);
    if (status.published || status.uploaded) return { videoId, published: status.published };
  } else {
    const started = await graphPost(api, node(request.networkAccountId, edge), token(call), { upload_phase: 'START' });
    videoId = createdId(api, started, `${edge} upload_phase=START`, 'video_id');
    // Recorded before the file is sent: from here on, a resumed attempt asks Facebook about this video.
    call.progress = { ...call.progress, placementVideoId: videoId };
    await call.save(call.progress);
  }
  await sendFile(call, videoId);
  return { videoId, published: false };
}

/**
 * The file to rupload by `file_url` (both guides take a hosted file): the medium's URL, a signed URL
 * of the service's own for an uploaded medium, which Facebook fetches as it fetches a photo's `url`.
 * The worker never holds the video. The address is our setting, not the start's `upload_url`, so the
 * Page token is sent nowhere an answer names.
 */
async function sendFile(call: PlacementCall, videoId: string): Promise<void> {
  const answer = await call.api.send({
    method: 'POST',
    url: `${call.ruploadUrl}/${encodeURIComponent(videoId)}`,
    headers: { Authorization: `OAuth ${token(call)}`, file_url: call.post.media[0].url },
  });
  if (!isRecord(answer) || answer['success'] !== true) throw call.api.unexpected('rupload did not answer success');
}

/** `GET /{video-id}?fields=status`: whether rupload has the whole file, and whether the video is published. */
async function videoStatus(call: PlacementCall, videoId: string): Promise<{ uploaded: boolean; published: boolean }> {
  const video = await graphRead(call.api, node(videoId), token(call), { fields: 'status' });
  const status = recordField(video, 'status');
  const phase = (name: string) => (status ? recordField(status, name) : undefined);
  const uploading = phase('uploading_phase');
  const publishing = phase('publishing_phase');
  return {
    uploaded: uploading !== undefined && stringField(uploading, 'status') === 'complete',
    published: publishing !== undefined && stringField(publishing, 'publish_status') === 'published',
  };
}

/** The Page's story showing this medium (`media_id`), if there is one: its id and its address. */
export async function findStory(
  call: Pick<PlacementCall, 'api' | 'request'>,
  mediaId: string,
): Promise<{ postId: string; url: string | null } | undefined> {
  const stories = await graphEdge(call.api, node(call.request.networkAccountId, 'stories'), token(call), {
    fields: 'post_id,media_id,url',
    limit: RECENT_STORIES_LOOKED_AT,
  });
  const story = stories.find((entry) => stringField(entry, 'media_id') === mediaId);
  const postId = story ? stringField(story, 'post_id') : undefined;
  return postId ? { postId, url: stringField(story!, 'url') ?? null } : undefined;
}
