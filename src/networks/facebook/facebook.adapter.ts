import { FACEBOOK_MEDIA_LIMITS } from './facebook-media-limits';
import { FACEBOOK_CAPABILITIES } from './facebook-capabilities';
import { answerGraphComment, FACEBOOK_COMMENTS, listGraphComments } from '../graph/graph-comment-answers';
import { FACEBOOK_PERMISSION_NEEDS } from './facebook-permissions';
import type { CommentingAdapter } from '../network-adapter';
import { Injectable } from '@nestjs/common';
import {
  exchangeFacebookCode,
  facebookDialogUrl,
  facebookUserId,
  grantedFacebookPermissions,
  listFacebookPages,
  revokeFacebookLogin,
} from '../graph/facebook-login';
import { GraphApi, proofKeyOf } from '../graph/graph-api';
import { canPublishAs } from '../graph/graph-pages';
import { NetworkHttpClient } from '../http/network-http.client';
import { NetworkAdapterBase } from '../network-adapter-base';
import {
  AccountTokens,
  APP_OPTIONS,
  AppCredentials,
  AuthorizeRequest,
  CodeExchangeRequest,
  ContentProblem,
  NetworkAdapter,
  PostPart,
  PublishingAdapter,
  PublishOutcome,
  PublishRequest,
  UnpublishRequest,
  SelectableAccount,
  UserGrant,
} from '../network-adapter';
import { NetworkError } from '../network-error';
import { AccountMetricsRequest, MetricReading, PostMetricsRequest } from '../metrics/metric-reading';
import { facebookAccountMetrics, facebookPostMetrics, FACEBOOK_METRIC_NAMES } from './facebook-metrics';
import { facebookContentProblems } from './facebook-content-rules';
import { FACEBOOK_POST_OPTIONS } from './facebook-post-options';
import type { NetworkPostOptions } from '../post-options';
import { publishOnFacebook } from './facebook-publisher';
import { unpublishOnFacebook } from './facebook-unpublish';
import { facebookTextEdits } from './facebook-edit';
import { FacebookSettings } from './facebook.settings';
import { FACEBOOK_IDENTITY } from './facebook.identity';

export const FACEBOOK_SCOPES = [
  'pages_show_list',
  'pages_read_engagement',
  'pages_manage_posts',
  'publish_video',
  // Commenting as the Page: a thread's later parts and answers to comments.
  'pages_manage_engagement',
  // Reading the people's comments under the Page's posts, with their authors.
  'pages_read_user_content',
  // Post views and reach (Page post insights); without it those metrics are unavailable.
  'read_insights',
] as const;

/**
 * What the dialog asks for with this app. Pages reached through a Business Manager role (an
 * agency's, or a business portfolio's) also take business_management: the permission table's
 * Pages rows note it for business users (developers.facebook.com/documentation/pages-api/posts).
 */
export function facebookScopes(app: AppCredentials): readonly string[] {
  return app.businessAccess ? [...FACEBOOK_SCOPES, 'business_management'] : FACEBOOK_SCOPES;
}

/** Facebook Pages over Facebook Login and the Graph API. Stateless: every call brings its credentials. */
@Injectable()
export class FacebookAdapter extends NetworkAdapterBase<FacebookSettings> implements NetworkAdapter, PublishingAdapter {
  /** Long-lived user tokens live 60 days: act in the last 7. */
  readonly refreshAheadMs = 7 * 24 * 3600_000;
  readonly permissionNeeds = FACEBOOK_PERMISSION_NEEDS;
  readonly capabilities = FACEBOOK_CAPABILITIES;
  readonly mediaLimits = FACEBOOK_MEDIA_LIMITS;
  readonly metricNames = FACEBOOK_METRIC_NAMES;
  readonly appOptions = APP_OPTIONS;
  readonly postOptions = FACEBOOK_POST_OPTIONS;

  constructor(settings: FacebookSettings, http: NetworkHttpClient) {
    super(FACEBOOK_IDENTITY, settings, http);
  }

  private graph(app: AppCredentials): GraphApi {
    return new GraphApi(this.http, this.id, this.endpoints(app).graphUrl, { appSecretProofKey: proofKeyOf(app) });
  }

  authorizeUrl(request: AuthorizeRequest): string {
    return facebookDialogUrl(this.endpoints(request.app).dialogUrl, request, facebookScopes(request.app));
  }

  exchangeCode(request: CodeExchangeRequest): Promise<UserGrant> {
    return exchangeFacebookCode(this.graph(request.app), request, facebookScopes(request.app), () => new Date());
  }

  readonly revokeScope = 'owner';

  /**
   * One account per Page the user manages; the Page token publishes, the user token revokes. A Page
   * token made from a long-lived user token does not expire, so the account has no expiry.
   */
  async listSelectable(grant: UserGrant, app: AppCredentials): Promise<SelectableAccount[]> {
    const ownerId = await facebookUserId(this.graph(app), grant.accessToken);
    const pages = (await listFacebookPages(this.graph(app), grant.accessToken)).filter(canPublishAs);
    return pages.map((page) => ({
      id: page.id,
      name: page.name,
      // /me/accounts is not asked for the Page's vanity username; its name is how people know it.
      username: page.name,
      pictureUrl: page.pictureUrl,
      type: 'page',
      tokens: { accessToken: page.accessToken, userAccessToken: grant.accessToken },
      scopes: grant.scopes,
      ownerId,
    }));
  }

  /** Facebook has no refresh grant: when the user token lapses, the user logs in again. */
  async refresh(): Promise<AccountTokens | undefined> {
    return undefined;
  }

  async grantedPermissions(tokens: AccountTokens, app: AppCredentials): Promise<string[] | undefined> {
    if (!tokens.userAccessToken) return undefined;
    return [...(await grantedFacebookPermissions(this.graph(app), tokens.userAccessToken))];
  }

  async revoke(tokens: AccountTokens, app: AppCredentials): Promise<void> {
    if (!tokens.userAccessToken) {
      throw new NetworkError(
        this.id,
        'permanent',
        'No user token is stored for this account, so its login cannot be revoked',
      );
    }
    await revokeFacebookLogin(this.graph(app), tokens.userAccessToken);
  }

  validate(parts: PostPart[], options?: NetworkPostOptions): ContentProblem[] {
    return facebookContentProblems(parts, options);
  }

  /** Publishes as the Page, with the Page token. */
  publish(request: PublishRequest): Promise<PublishOutcome> {
    const endpoints = this.endpoints(request.app);
    return publishOnFacebook(this.graph(request.app), request, this.settings.videoPollMs, endpoints.ruploadUrl);
  }

  /** Deletes the Page post with the Page token. */
  unpublish(request: UnpublishRequest): Promise<void> {
    return unpublishOnFacebook(this.graph(request.app), request);
  }

  /** A Page post's message, edited in place with the Page token. */
  readonly textEdits = facebookTextEdits((request) => this.graph(request.app));

  postMetrics(request: PostMetricsRequest): Promise<MetricReading> {
    return facebookPostMetrics(this.graph(request.app), request);
  }

  accountMetrics(request: AccountMetricsRequest): Promise<MetricReading> {
    return facebookAccountMetrics(this.graph(request.app), request);
  }

  /** Page post comments, read and answered as the Page. */
  readonly comments: CommentingAdapter = {
    // A Page post's comment id is its object's id and the comment's, joined by `_`
    // (https://developers.facebook.com/docs/graph-api/reference/comment/).
    commentId: { pattern: /^[0-9]{1,40}_[0-9]{1,40}$/, words: 'two numbers joined by _ (such as 1234_5678)' },
    listComments: (call, page) => listGraphComments(this.graph(call.app), FACEBOOK_COMMENTS, call, page),
    answer: (request) => answerGraphComment(this.graph(request.app), FACEBOOK_COMMENTS, request),
  };
}
