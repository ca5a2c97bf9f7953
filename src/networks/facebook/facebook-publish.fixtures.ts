/** Recorded Graph answers of Page publishing (shapes from docs/networks.md and Graph v25.0). */

export const PAGE_ID = '101';
export const PAGE_TOKEN = 'EAAGpageToken101';

export const feedPostAnswer = (postNumber: string) => ({ id: `${PAGE_ID}_${postNumber}` });
export const stagedPhotoAnswer = (photoId: string) => ({ id: photoId });
export const commentAnswer = (commentId: string) => ({ id: commentId });
/** A post's `permalink_url` as Facebook gives it (a story URL, not one made from the id). */
export const permalinkOf = (postId: string) =>
  `https://www.facebook.com/bakery/posts/pfbid0${postId.replace('_', 'x')}`;
export const permalinkAnswer = (postId: string, permalink = permalinkOf(postId)) => ({
  permalink_url: permalink,
  id: postId,
});

export const feedAnswer = (...posts: { id: string; message?: string }[]) => ({
  data: posts.map((post) => ({ ...post, created_time: '2026-03-01T11:59:58+0000' })),
  paging: { cursors: { before: 'QVFIUmFh', after: 'QVFIUmJ5' } },
});

export const commentsAnswer = (...comments: { id: string; message: string }[]) => ({
  data: comments,
  paging: { cursors: { before: 'QVFIUmFh', after: 'QVFIUmJ5' } },
});

/** The resumable upload of a Page video: start (the video's id before any byte), transfer, finish. */
export const videoStartAnswer = (videoId: string, sessionId: string, endOffset: number) => ({
  video_id: videoId,
  upload_session_id: sessionId,
  start_offset: '0',
  end_offset: String(endOffset),
});
export const videoTransferAnswer = (startOffset: number, endOffset: number) => ({
  start_offset: String(startOffset),
  end_offset: String(endOffset),
});
export const videoFinishAnswer = () => ({ success: true });
/** `GET /{video-id}?fields=status` of a video whose upload session was started, not finished. */
export const videoUploadingAnswer = (videoId: string) => ({
  id: videoId,
  status: {
    video_status: 'uploading',
    uploading_phase: { status: 'in_progress' },
    processing_phase: { status: 'not_started' },
  },
});
/**
 * `GET /{video-id}?fields=status` of a video whose bytes Facebook all has, but whose processing it
 * has not begun: right after a finish it took, or before a finish that never reached it.
 */
export const videoQueuedAnswer = (videoId: string) => ({
  id: videoId,
  status: {
    video_status: 'processing',
    uploading_phase: { status: 'complete' },
    processing_phase: { status: 'not_started' },
  },
});
/** `GET /{video-id}?fields=status` (VideoStatus: video_status, processing_phase with its errors). */
export const videoStatusAnswer = (videoId: string, videoStatus: string, errorMessage?: string) => ({
  id: videoId,
  status: {
    video_status: videoStatus,
    uploading_phase: { status: 'complete' },
    processing_phase: errorMessage
      ? { status: 'error', errors: [{ code: 1363008, message: errorMessage }] }
      : { status: videoStatus === 'ready' ? 'complete' : 'in_progress' },
  },
});
