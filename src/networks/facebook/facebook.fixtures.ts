/** Recorded Graph API answers (shapes from docs/networks.md, values as Facebook sends them). */

export const SHORT_USER_TOKEN = 'EAAGshortLivedUserToken';
export const LONG_USER_TOKEN = 'EAAGlongLivedUserToken';
export const GRAPH = 'https://graph.facebook.com/v25.0';

export const shortLivedTokenAnswer = { access_token: SHORT_USER_TOKEN, token_type: 'bearer', expires_in: 3600 };
export const longLivedTokenAnswer = { access_token: LONG_USER_TOKEN, token_type: 'bearer', expires_in: 5183944 };

export const NEXT_ACCOUNTS_PAGE =
  `${GRAPH}/me/accounts?fields=id%2Cname%2Caccess_token%2Ctasks%2Cpicture%7Burl%7D%2Cinstagram_business_account%7Bid%2Cusername%7D` +
  `&access_token=${LONG_USER_TOKEN}&limit=2&after=QVFIUmJ5`;

export const accountsFirstPage = {
  data: [
    {
      id: '101',
      name: 'Bakery on Main',
      access_token: 'EAAGpageToken101',
      tasks: ['ANALYZE', 'ADVERTISE', 'MODERATE', 'CREATE_CONTENT', 'MANAGE'],
      picture: { data: { height: 50, is_silhouette: false, url: 'https://scontent.xx.fbcdn.net/101.jpg', width: 50 } },
      instagram_business_account: { id: '17841400000000101', username: 'bakery_on_main' },
    },
    {
      id: '102',
      name: 'Bakery Events',
      access_token: 'EAAGpageToken102',
      tasks: ['CREATE_CONTENT'],
      picture: { data: { height: 50, is_silhouette: true, url: 'https://scontent.xx.fbcdn.net/102.jpg', width: 50 } },
    },
  ],
  paging: { cursors: { before: 'QVFIUmFh', after: 'QVFIUmJ5' }, next: NEXT_ACCOUNTS_PAGE },
};

export const accountsLastPage = {
  data: [
    {
      id: '103',
      name: 'Bakery Jobs',
      access_token: 'EAAGpageToken103',
      tasks: ['MANAGE'],
      instagram_business_account: { id: '17841400000000103', username: 'bakery_jobs' },
    },
  ],
  paging: { cursors: { before: 'QVFIUmNj', after: 'QVFIUmNj' } },
};

export const graphErrorAnswer = (code: number, subcode?: number) => ({
  error: {
    message: code === 190 ? 'Error validating access token: Session has expired' : 'Invalid parameter',
    type: 'OAuthException',
    code,
    ...(subcode !== undefined ? { error_subcode: subcode } : {}),
    fbtrace_id: 'A1b2C3d4E5f',
  },
});
