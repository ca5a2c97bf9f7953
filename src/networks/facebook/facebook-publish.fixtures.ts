/** Recorded Graph answers of Page publishing (shapes from NETWORKS.md and Graph v25.0). */

export const PAGE_ID = '101';
export const PAGE_TOKEN = 'EAAGpageToken101';

export const feedPostAnswer = (postNumber: string) => ({ id: `${PAGE_ID}_${postNumber}` });
export const photoPostAnswer = (photoId: string) => ({ id: photoId, post_id: `${PAGE_ID}_${photoId}` });
export const stagedPhotoAnswer = (photoId: string) => ({ id: photoId });
export const commentAnswer = (commentId: string) => ({ id: commentId });

export const feedAnswer = (...posts: { id: string; message?: string }[]) => ({
  data: posts.map((post) => ({ ...post, created_time: '2026-03-01T11:59:58+0000' })),
  paging: { cursors: { before: 'QVFIUmFh', after: 'QVFIUmJ5' } },
});

export const commentsAnswer = (...comments: { id: string; message: string }[]) => ({
  data: comments,
  paging: { cursors: { before: 'QVFIUmFh', after: 'QVFIUmJ5' } },
});

export const videoUploadAnswer = (videoId: string) => ({ id: videoId });
/** `GET /{video-id}?fields=status` (VideoStatus: video_status, processing_phase with its errors). */
export const videoStatusAnswer = (videoId: string, videoStatus: string, errorMessage?: string) => ({
  id: videoId,
  status: {
    video_status: videoStatus,
    processing_phase: errorMessage ? { status: 'error', errors: [{ code: 1363008, message: errorMessage }] } : { status: videoStatus === 'ready' ? 'complete' : 'in_progress' },
  },
});
export const videosAnswer = (...videos: { id: string; description?: string }[]) => ({
  data: videos.map((video) => ({ ...video, updated_time: '2026-03-01T11:59:58+0000' })),
  paging: { cursors: { before: 'QVFIUmFh', after: 'QVFIUmJ5' } },
});
