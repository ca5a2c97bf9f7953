/** Recorded Instagram publishing answers (shapes from docs/networks.md and Graph v25.0). */

export const IG_USER_ID = '17841405822304914';
export const IG_TOKEN = 'IGQVJlongLivedToken';
export const IG_GRAPH = 'https://graph.instagram.com/v25.0';

export const idAnswer = (id: string) => ({ id });
export const statusAnswer = (
  id: string,
  statusCode: 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED',
  status: string = statusCode,
) => ({
  status_code: statusCode,
  status,
  id,
});
export const permalinkAnswer = (id: string, shortcode = 'DA1b2C3d4E5') => ({
  permalink: `https://www.instagram.com/p/${shortcode}/`,
  id,
});

/** media_publish before the container is ready. */
export const notReadyAnswer = {
  error: {
    message: 'Media ID is not available',
    type: 'OAuthException',
    code: 9007,
    error_subcode: 2207027,
    is_transient: true,
    error_user_title: 'Media not ready for publishing',
    error_user_msg: 'The media is not ready for publishing, please wait for a moment',
    fbtrace_id: 'AbCdEfGh',
  },
};

/** media_publish once the account used up its publishing quota (code 9, subcode 2207042). */
export const quotaReachedAnswer = {
  error: {
    message: 'Application request limit reached',
    type: 'OAuthException',
    code: 9,
    error_subcode: 2207042,
    is_transient: false,
    error_user_title: 'Maximum number of posts reached',
    error_user_msg: 'The account has reached its limit of posts for the day.',
    fbtrace_id: 'AbCdEfGh',
  },
};

/** `GET /{ig-user-id}/content_publishing_limit?fields=quota_usage,config`. */
export const publishingLimitAnswer = (usage: number, total = 50) => ({
  data: [{ quota_usage: usage, config: { quota_total: total, quota_duration: 86400 } }],
});

export const recentMediaAnswer = (...media: { id: string; caption?: string; timestamp: string }[]) => ({
  data: media,
  paging: { cursors: { before: 'QVFIUmFh', after: 'QVFIUmJ5' } },
});

export const commentsAnswer = (...comments: { id: string; text: string; timestamp?: string }[]) => ({
  data: comments,
});
