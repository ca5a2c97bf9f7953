import { exchangeFacebookCode, facebookDialogUrl, facebookUserId, listFacebookPages } from '../graph/facebook-login';
import { GraphApi } from '../graph/graph-api';
import { isRecord, stringField } from '../http/json-fields';
import { canPublishAs, GraphPage } from '../graph/graph-pages';
import {
  AppCredentials,
  AuthorizeRequest,
  CodeExchangeRequest,
  SelectableAccount,
  UserGrant,
} from '../network-adapter';

/** Instagram through Facebook Login: the Instagram business accounts linked to the user's Pages. */

export const INSTAGRAM_FACEBOOK_SCOPES = [
  'instagram_basic',
  'instagram_content_publish',
  'pages_show_list',
  'pages_read_engagement',
  'instagram_manage_insights',
  // A thread's later parts (comments under the medium), reading comments and answering them.
  'instagram_manage_comments',
  // Deleting a published medium (DELETE /{ig-media-id}); see instagram-unpublish.ts.
  'instagram_manage_contents',
] as const;
export const INSTAGRAM_USER_FIELDS = 'id,username,name,profile_picture_url';

/**
 * What the dialog asks for with this app. An Instagram account whose Page the user reaches through
 * a Business Manager role also takes one of ads_management or ads_read on every Instagram call
 * (the IG User media, media_publish, comments and insights references,
 * developers.facebook.com/documentation/instagram-platform/instagram-graph-api/reference/ig-user/media):
 * ads_read, the lesser, is asked; and business_management for the business-owned Page itself.
 */
export function instagramFacebookScopes(app: AppCredentials): readonly string[] {
  return app.businessAccess
    ? [...INSTAGRAM_FACEBOOK_SCOPES, 'business_management', 'ads_read']
    : INSTAGRAM_FACEBOOK_SCOPES;
}

export function instagramFacebookDialogUrl(dialogUrl: string, request: AuthorizeRequest): string {
  return facebookDialogUrl(dialogUrl, request, instagramFacebookScopes(request.app));
}

export function exchangeInstagramFacebookCode(
  graphApi: GraphApi,
  request: CodeExchangeRequest,
  now: () => Date,
): Promise<UserGrant> {
  return exchangeFacebookCode(graphApi, request, instagramFacebookScopes(request.app), now);
}

async function accountOfPage(
  graphApi: GraphApi,
  grant: UserGrant,
  page: GraphPage,
  instagramId: string,
  ownerId: string,
): Promise<SelectableAccount> {
  const user = await graphApi.get(`/${encodeURIComponent(instagramId)}`, {
    fields: INSTAGRAM_USER_FIELDS,
    access_token: grant.accessToken,
  });
  if (!isRecord(user)) throw graphApi.unexpected(`no Instagram user in /${instagramId}`);
  const username = stringField(user, 'username') ?? page.instagramBusinessAccount?.username ?? instagramId;
  return {
    id: stringField(user, 'id') ?? instagramId,
    name: stringField(user, 'name') ?? username,
    username,
    pictureUrl: stringField(user, 'profile_picture_url') ?? null,
    type: 'instagram_business',
    // As for a Facebook Page: the Page token publishes (and does not expire), the user token revokes.
    tokens: { accessToken: page.accessToken, userAccessToken: grant.accessToken },
    scopes: grant.scopes,
    ownerId,
  };
}

/** Each Page's `instagram_business_account`, then `GET /{ig-user-id}` for its profile. */
export async function instagramFacebookAccounts(graphApi: GraphApi, grant: UserGrant): Promise<SelectableAccount[]> {
  const ownerId = await facebookUserId(graphApi, grant.accessToken);
  const pages = (await listFacebookPages(graphApi, grant.accessToken)).filter(canPublishAs);
  const accounts: SelectableAccount[] = [];
  const seen = new Set<string>();
  for (const page of pages) {
    const instagramId = page.instagramBusinessAccount?.id;
    if (!instagramId || seen.has(instagramId)) continue;
    seen.add(instagramId);
    accounts.push(await accountOfPage(graphApi, grant, page, instagramId, ownerId));
  }
  return accounts;
}
