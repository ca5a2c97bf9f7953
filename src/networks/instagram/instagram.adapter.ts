import { INSTAGRAM_MEDIA_LIMITS } from './instagram-media-limits';
import { INSTAGRAM_CAPABILITIES } from './instagram-capabilities';
import { answerGraphComment, INSTAGRAM_COMMENTS, listGraphComments } from '../graph/graph-comment-answers';
import { instagramPermissionNeeds } from './instagram-permissions';
import type { CommentingAdapter } from '../network-adapter';
import { Injectable } from '@nestjs/common';
import { grantedFacebookPermissions, revokeFacebookLogin } from '../graph/facebook-login';
import { GraphApi, proofKeyOf } from '../graph/graph-api';
import { NetworkHttpClient } from '../http/network-http.client';
import { NetworkAdapterBase } from '../network-adapter-base';
import {
  AccountTokens,
  APP_OPTIONS,
  AppCredentials,
  AppOption,
  AuthorizeRequest,
  CodeExchangeRequest,
  ContentProblem,
  NetworkAdapter,
  PostPart,
  PublishingAdapter,
  PublishOutcome,
  PublishRequest,
  SelectableAccount,
  UnpublishRequest,
  UserGrant,
} from '../network-adapter';
import { PermissionNeeds } from '../account-permissions';
import { AccountMetricsRequest, MetricReading, PostMetricsRequest } from '../metrics/metric-reading';
import { instagramAccountMetrics, instagramPostMetrics, INSTAGRAM_METRIC_NAMES } from './instagram-metrics';
import { NetworkError } from '../network-error';
import {
  exchangeInstagramFacebookCode,
  instagramFacebookAccounts,
  instagramFacebookDialogUrl,
} from './instagram-facebook-login';
import {
  exchangeInstagramCode,
  instagramAuthorizeUrl,
  instagramLoginAccount,
  refreshInstagramToken,
} from './instagram-login';
import { instagramContentProblems } from './instagram-content-rules';
import { INSTAGRAM_POST_OPTIONS } from './instagram-post-options';
import type { NetworkPostOptions } from '../post-options';
import { publishOnInstagram } from './instagram-publisher';
import { unpublishOnInstagram } from './instagram-unpublish';
import { InstagramSettings } from './instagram.settings';
import { INSTAGRAM_IDENTITY } from './instagram.identity';

/**
 * Instagram professional accounts, through Instagram Login (default) or Facebook Login
 * (INSTAGRAM_LOGIN=facebook). Stateless: every call brings its credentials.
 */
@Injectable()
export class InstagramAdapter
  extends NetworkAdapterBase<InstagramSettings>
  implements NetworkAdapter, PublishingAdapter
{
  /** Through Facebook Login a revoke removes the app for the whole Facebook user; Instagram Login has no revoke. */
  get revokeScope(): 'account' | 'owner' {
    return this.settings.login === 'facebook' ? 'owner' : 'account';
  }
  /** Long-lived tokens live 60 days: refresh in the last 7. */
  readonly refreshAheadMs = 7 * 24 * 3600_000;
  /** In the permission names of the login the accounts connect with; deleting only through Facebook Login. */
  get permissionNeeds(): PermissionNeeds {
    return instagramPermissionNeeds(this.settings.login);
  }
  readonly capabilities = INSTAGRAM_CAPABILITIES;
  readonly mediaLimits = INSTAGRAM_MEDIA_LIMITS;
  readonly metricNames = INSTAGRAM_METRIC_NAMES;

  constructor(settings: InstagramSettings, http: NetworkHttpClient) {
    super(INSTAGRAM_IDENTITY, settings, http);
  }

  private api(baseUrl: string): GraphApi {
    return new GraphApi(this.http, this.id, baseUrl);
  }

  /**
   * The Graph host of the account's login, as `app`. Through Facebook Login (graph.facebook.com)
   * the calls carry appsecret_proof when the app requires it; Instagram Login's host documents no
   * such parameter, so nothing is added there.
   */
  private graph(app: AppCredentials): GraphApi {
    const baseUrl = this.endpoints(app).graphUrl;
    if (!this.viaFacebook) return this.api(baseUrl);
    return new GraphApi(this.http, this.id, baseUrl, { appSecretProofKey: proofKeyOf(app) });
  }

  private get viaFacebook(): boolean {
    return this.settings.login === 'facebook';
  }

  /** Only Facebook Login has Meta's app settings: Instagram Login's dialog takes scopes and nothing else. */
  get appOptions(): readonly AppOption[] {
    return this.viaFacebook ? APP_OPTIONS : [];
  }

  authorizeUrl(request: AuthorizeRequest): string {
    return this.viaFacebook
      ? instagramFacebookDialogUrl(this.endpoints(request.app).authorizeUrl, request)
      : instagramAuthorizeUrl(this.endpoints(request.app).authorizeUrl, request);
  }

  exchangeCode(request: CodeExchangeRequest): Promise<UserGrant> {
    const now = (): Date => new Date();
    const endpoints = this.endpoints(request.app);
    if (this.viaFacebook) return exchangeInstagramFacebookCode(this.graph(request.app), request, now);
    return exchangeInstagramCode(this.api(endpoints.tokenUrl), this.api(endpoints.unversionedGraphUrl), request, now);
  }

  async listSelectable(grant: UserGrant, app: AppCredentials): Promise<SelectableAccount[]> {
    const graph = this.graph(app);
    if (this.viaFacebook) return instagramFacebookAccounts(graph, grant);
    return [await instagramLoginAccount(graph, grant)];
  }

  /** Instagram Login refreshes with ig_refresh_token; through Facebook Login the Page token does not expire. */
  async refresh(tokens: AccountTokens, app: AppCredentials): Promise<AccountTokens | undefined> {
    if (this.settings.login === 'facebook') return undefined;
    const refreshed = await refreshInstagramToken(
      this.api(this.endpoints(app).unversionedGraphUrl),
      tokens.accessToken,
      () => new Date(),
    );
    return refreshed && { accessToken: refreshed.accessToken, expiresAt: refreshed.expiresAt };
  }

  /** Only Facebook Login can say: Instagram Login documents no permissions endpoint. */
  async grantedPermissions(tokens: AccountTokens, app: AppCredentials): Promise<string[] | undefined> {
    if (!this.viaFacebook || !tokens.userAccessToken) return undefined;
    return [...(await grantedFacebookPermissions(this.graph(app), tokens.userAccessToken))];
  }

  async revoke(tokens: AccountTokens, app: AppCredentials): Promise<void> {
    // Instagram Login documents no revoke endpoint: the user removes the app in Instagram's settings,
    // and our side forgets the tokens. Nothing to call.
    if (!this.viaFacebook) return;
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
    return instagramContentProblems(parts, options);
  }

  /** options.instagram: placement, collaborators, user tags, location and the reel settings. */
  readonly postOptions = INSTAGRAM_POST_OPTIONS;

  /** Publishes with the account's token on the Graph host of its login (graph.instagram.com or graph.facebook.com). */
  publish(request: PublishRequest): Promise<PublishOutcome> {
    return publishOnInstagram(this.graph(request.app), request, this.settings.videoPollMs);
  }

  /** Media can be deleted through Facebook Login only (see instagram-unpublish.ts). */
  get canUnpublish(): boolean {
    return this.viaFacebook;
  }

  /** Deletes the medium with the Page token; through Instagram Login it refuses without calling. */
  async unpublish(request: UnpublishRequest): Promise<void> {
    if (!this.viaFacebook)
      throw new NetworkError(this.id, 'permanent', 'Instagram Login cannot delete media through the API');
    await unpublishOnInstagram(this.api(this.endpoints(request.app).graphUrl), request);
  }

  /** Read on the Graph host of the account's login, like publishing. */
  postMetrics(request: PostMetricsRequest): Promise<MetricReading> {
    return instagramPostMetrics(this.graph(request.app), request, this.permissionNeeds);
  }

  accountMetrics(request: AccountMetricsRequest): Promise<MetricReading> {
    return instagramAccountMetrics(this.graph(request.app), request);
  }

  /** Media comments (and replies to them), read and answered on the Graph host of the account's login. */
  readonly comments: CommentingAdapter = {
    // An IG Comment id is a number (https://developers.facebook.com/docs/instagram-platform/reference/instagram-comment/).
    commentId: { pattern: /^[0-9]{1,40}$/, words: 'a number' },
    listComments: (call, page) => listGraphComments(this.graph(call.app), INSTAGRAM_COMMENTS, call, page),
    answer: (request) => answerGraphComment(this.graph(request.app), INSTAGRAM_COMMENTS, request),
  };
}
