import { PermissionNeeds } from '../account-permissions';

/** The same right is named per login: Instagram Login's `instagram_business_*`, Facebook Login's `instagram_*`. */
const either = (instagramLogin: string, facebookLogin: string) => [[instagramLogin], [facebookLogin]];

/**
 * What each feature needs, per Instagram's references: content publishing
 * (developers.facebook.com/docs/instagram-platform/content-publishing), comments and replies
 * (…/instagram-graph-api/reference/ig-media/comments, …/ig-comment/replies) and media insights
 * (…/reference/instagram-media/insights). Instagram media cannot be deleted through Instagram Login.
 */
export const INSTAGRAM_PERMISSION_NEEDS: PermissionNeeds = {
  publish: either('instagram_business_content_publish', 'instagram_content_publish'),
  thread: either('instagram_business_manage_comments', 'instagram_manage_comments'),
  read_comments: either('instagram_business_manage_comments', 'instagram_manage_comments'),
  answer_comments: either('instagram_business_manage_comments', 'instagram_manage_comments'),
  metrics: either('instagram_business_manage_insights', 'instagram_manage_insights'),
};
