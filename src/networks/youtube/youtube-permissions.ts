import { PermissionNeeds } from '../account-permissions';

const UPLOAD = 'https://www.googleapis.com/auth/youtube.upload';
const READ = 'https://www.googleapis.com/auth/youtube.readonly';
const FORCE_SSL = 'https://www.googleapis.com/auth/youtube.force-ssl';
const FULL = 'https://www.googleapis.com/auth/youtube';

/**
 * What each feature needs, as the discovery document's `scopes` of the methods it calls
 * (contracts/youtube/discovery.json): any one of a method's scopes allows it. Google's granular
 * consent lets a user grant some of the scopes asked only.
 */
export const YOUTUBE_PERMISSION_NEEDS: PermissionNeeds = {
  // The upload, then its processing read (videos.list).
  publish: [[UPLOAD, READ], [UPLOAD, FORCE_SSL], [FULL]],
  read_comments: [[READ], [FORCE_SSL], [FULL]],
  answer_comments: [[FORCE_SSL], [FULL]],
  metrics: [[READ], [FORCE_SSL], [FULL]],
  unpublish: [[FORCE_SSL], [FULL]],
};
