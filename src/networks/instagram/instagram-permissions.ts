import { PermissionNeeds } from '../account-permissions';
import { InstagramLogin } from './instagram.settings';

/** The names of one right per login: Instagram Login's `instagram_business_*`, Facebook Login's `instagram_*`. */
interface PerLogin {
  instagram: string;
  facebook: string;
}

const PUBLISH: PerLogin = { instagram: 'instagram_business_content_publish', facebook: 'instagram_content_publish' };
const COMMENTS: PerLogin = { instagram: 'instagram_business_manage_comments', facebook: 'instagram_manage_comments' };
const INSIGHTS: PerLogin = { instagram: 'instagram_business_manage_insights', facebook: 'instagram_manage_insights' };
/**
 * Through Facebook Login every Instagram call's reference also names these (the IG User media,
 * media_publish, comments and insights pages): a user may decline them in the dialog, and Graph
 * then refuses the call. Instagram Login's basic right is what connecting takes, so it is not named.
 */
const FACEBOOK_LOGIN_BASICS = ['instagram_basic', 'pages_read_engagement'];

/**
 * What each feature needs, in the names of the login the accounts connect with (a message then
 * names a permission that login can grant), per Instagram's references: content publishing
 * (developers.facebook.com/docs/instagram-platform/content-publishing), comments and replies
 * (…/instagram-graph-api/reference/ig-media/comments, …/ig-comment/replies) and media insights
 * (…/reference/instagram-media/insights).
 *
 * Deleting a medium exists through Facebook Login only (`DELETE /{ig-media-id}`: IGMedia in Meta's
 * API specs, facebook-business-sdk-codegen api_specs/specs/IGMedia.json; IGMediaForIGOnlyAPI, the
 * Instagram Login node, has no delete). No Meta reference page documents it or its permission;
 * integrators report `instagram_manage_contents` (contracts/meta/permissions.json, unverified).
 * Through Instagram Login `unpublish` is left out: it is not possible, so it is never a permission
 * the account lacks (the unpublish endpoint answers unpublish_not_supported instead).
 */
export function instagramPermissionNeeds(login: InstagramLogin): PermissionNeeds {
  const named = (right: PerLogin) => [[right[login], ...(login === 'facebook' ? FACEBOOK_LOGIN_BASICS : [])]];
  return {
    publish: named(PUBLISH),
    thread: named(COMMENTS),
    read_comments: named(COMMENTS),
    answer_comments: named(COMMENTS),
    metrics: named(INSIGHTS),
    ...(login === 'facebook' ? { unpublish: [['instagram_manage_contents', 'instagram_basic']] } : {}),
  };
}
