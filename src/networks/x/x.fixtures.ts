/** Recorded X API answers (shapes from docs/networks.md, values as X sends them). */

export const X_ACCESS_TOKEN = 'bWRjX2FjY2Vzc190b2tlbg';
export const X_REFRESH_TOKEN = 'bWRjX3JlZnJlc2hfdG9rZW4';

export const tokenAnswer = {
  token_type: 'bearer',
  expires_in: 7200,
  access_token: X_ACCESS_TOKEN,
  scope: 'tweet.write users.read tweet.read offline.access media.write',
  refresh_token: X_REFRESH_TOKEN,
};

export const usersMeAnswer = {
  data: {
    id: '2244994945',
    name: 'Bakery on Main',
    username: 'bakeryonmain',
    profile_image_url: 'https://pbs.twimg.com/profile_images/1/bakery_normal.jpg',
    subscription_type: 'Premium',
  },
};

export const revokedAnswer = { revoked: true };

export const invalidRequest = {
  error: 'invalid_request',
  error_description: 'Value passed for the authorization code was invalid.',
};
export const invalidGrant = { error: 'invalid_grant', error_description: 'Authorization code expired.' };
export const unauthorizedClient = {
  error: 'unauthorized_client',
  error_description: 'Missing valid authorization header',
};

export const unauthorizedProblem = { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' };
export const tooManyRequests = {
  title: 'Too Many Requests',
  detail: 'Too Many Requests',
  type: 'about:blank',
  status: 429,
};
/** A used-up monthly cap, as reported in github.com/xdevplatform/xdk/issues/25 (sent with x-rate-limit-remaining well above 0). */
export const usageCapped = {
  account_id: '1234567890',
  product_name: 'standard-basic',
  title: 'UsageCapExceeded',
  period: 'Monthly',
  scope: 'Product',
  detail: 'Usage cap exceeded: Monthly product cap',
  type: 'https://api.twitter.com/2/problems/usage-capped',
};
export const duplicateContent = {
  detail: 'You are not allowed to create a Tweet with duplicate content.',
  type: 'about:blank',
  title: 'Forbidden',
  status: 403,
};
export const invalidRequestProblem = {
  errors: [{ parameters: { text: [''] }, message: 'Invalid text' }],
  title: 'Invalid Request',
  detail: 'One or more parameters to your request was invalid.',
  type: 'https://api.twitter.com/2/problems/invalid-request',
};
export const serviceUnavailable = {
  title: 'Service Unavailable',
  detail: 'Service Unavailable',
  type: 'about:blank',
  status: 503,
};
