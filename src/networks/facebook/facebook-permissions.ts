import { PermissionNeeds } from '../account-permissions';

/**
 * The Page permissions each feature needs, as Graph's references list them for Page tokens:
 * publishing (developers.facebook.com/docs/pages-api/posts), videos (publish_video, as asked at
 * login), comments (developers.facebook.com/docs/graph-api/reference/object/comments) and insights
 * (developers.facebook.com/docs/graph-api/reference/insights). Each set is the whole of what the
 * reference names for the calls (contracts/meta/permissions.json; permission-needs-table.spec.ts
 * holds the two together), so our check never passes a call Graph would refuse.
 */
// Reels and stories need what publishing needs (pages_manage_posts, pages_read_engagement, and
// pages_show_list, which connecting took): developers.facebook.com/docs/video-api/guides/reels-publishing
// and developers.facebook.com/docs/page-stories-api. A reel or a video story is a post with a video,
// so the service also asks `video` (publish_video) for it: stricter than Graph, never weaker.
export const FACEBOOK_PERMISSION_NEEDS: PermissionNeeds = {
  publish: [['pages_manage_posts', 'pages_read_engagement']],
  video: [['publish_video']],
  thread: [['pages_manage_engagement', 'pages_read_engagement', 'pages_read_user_content']],
  read_comments: [['pages_read_engagement', 'pages_read_user_content']],
  answer_comments: [['pages_manage_engagement', 'pages_read_engagement', 'pages_read_user_content']],
  metrics: [['read_insights', 'pages_read_engagement']],
  unpublish: [['pages_manage_posts', 'pages_read_engagement']],
};
