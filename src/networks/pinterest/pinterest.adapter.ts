import { Injectable } from '@nestjs/common';
import { PermissionNeeds } from '../account-permissions';
import { NetworkHttpClient } from '../http/network-http.client';
import { AccountMetricsRequest, MetricReading, PostMetricsRequest } from '../metrics/metric-reading';
import { NetworkAdapterBase } from '../network-adapter-base';
import {
  AccountTokens,
  AppCredentials,
  AuthorizeRequest,
  CodeExchangeRequest,
  ContentProblem,
  DestinationsAdapter,
  NetworkAdapter,
  PostPart,
  PublishingAdapter,
  PublishOutcome,
  PublishRequest,
  SelectableAccount,
  UnpublishRequest,
  UserGrant,
} from '../network-adapter';
import { PinterestApi, PinterestOAuth } from './pinterest-api';
import { pinterestBoards } from './pinterest-boards';
import { PINTEREST_CAPABILITIES } from './pinterest-capabilities';
import { pinterestContentProblems } from './pinterest-content-rules';
import {
  exchangePinterestCode,
  pinterestAuthorizeUrl,
  pinterestSelectable,
  refreshPinterestToken,
} from './pinterest-login';
import { PINTEREST_MEDIA_LIMITS } from './pinterest-media-limits';
import { PINTEREST_METRIC_NAMES, pinterestAccountMetrics, pinterestPinMetrics } from './pinterest-metrics';
import { PINTEREST_PERMISSION_NEEDS } from './pinterest-permissions';
import { PINTEREST_POST_OPTIONS } from './pinterest-post-options';
import { publishOnPinterest } from './pinterest-publisher';
import { unpublishOnPinterest } from './pinterest-unpublish';
import { PINTEREST_IDENTITY } from './pinterest.identity';
import { PinterestSettings } from './pinterest.settings';

/**
 * Pinterest accounts through OAuth with continuous refresh tokens and API v5: pins on the
 * account's boards (an image, a carousel, a video registered, uploaded and processed first),
 * deleted, their analytics; the boards and sections a client picks from. Pinterest has no
 * comments API. Stateless: every call brings its credentials.
 */
@Injectable()
export class PinterestAdapter
  extends NetworkAdapterBase<PinterestSettings>
  implements NetworkAdapter, PublishingAdapter
{
  /** Pinterest revokes system users' tokens only (see revoke): nothing is ended per account. */
  readonly revokeScope = 'account' as const;
  /** Access tokens live 30 days (each answer's expires_in): refresh in the last 7. */
  readonly refreshAheadMs = 7 * 24 * 3600_000;
  readonly permissionNeeds: PermissionNeeds = PINTEREST_PERMISSION_NEEDS;
  readonly capabilities = PINTEREST_CAPABILITIES;
  readonly mediaLimits = PINTEREST_MEDIA_LIMITS;
  readonly metricNames = PINTEREST_METRIC_NAMES;
  /** options.pinterest: boardId (required), boardSectionId, title, link, altText, dominantColor. */
  readonly postOptions = PINTEREST_POST_OPTIONS;

  constructor(settings: PinterestSettings, http: NetworkHttpClient) {
    super(PINTEREST_IDENTITY, settings, http);
  }

  private api(app: AppCredentials, accessToken: string): PinterestApi {
    return new PinterestApi(this.http, this.id, this.endpoints(app).apiUrl, accessToken);
  }

  private oauth(app: AppCredentials): PinterestOAuth {
    return new PinterestOAuth(this.http, this.id, this.endpoints(app).apiUrl);
  }

  authorizeUrl(request: AuthorizeRequest): string {
    return pinterestAuthorizeUrl(this.endpoints(request.app).authorizeUrl, request);
  }

  exchangeCode(request: CodeExchangeRequest): Promise<UserGrant> {
    return exchangePinterestCode(this.oauth(request.app), request, () => new Date());
  }

  listSelectable(grant: UserGrant, app: AppCredentials): Promise<SelectableAccount[]> {
    return pinterestSelectable(this.api(app, grant.accessToken), grant);
  }

  /** A new access token and a new continuous refresh token (60 days more); a refused refresh is an expired login. */
  refresh(tokens: AccountTokens, app: AppCredentials): Promise<AccountTokens | undefined> {
    return refreshPinterestToken(this.oauth(app), tokens, app, () => new Date());
  }

  /**
   * Pinterest's revoke endpoint (`POST /oauth/token/revoke`) takes "only tokens issued for system
   * users": a user's token cannot be revoked there. The user removes the app in Pinterest's
   * settings, and our side forgets the tokens. Nothing to call.
   */
  async revoke(): Promise<void> {}

  validate(parts: PostPart[]): ContentProblem[] {
    return pinterestContentProblems(parts);
  }

  publish(request: PublishRequest): Promise<PublishOutcome> {
    const endpoints = this.endpoints(request.app);
    return publishOnPinterest(this.api(request.app, request.tokens.accessToken), request, {
      pollMs: endpoints.pollMs,
      webUrl: endpoints.webUrl,
      now: () => new Date(),
    });
  }

  async unpublish(request: UnpublishRequest): Promise<void> {
    await unpublishOnPinterest(this.api(request.app, request.tokens.accessToken), request);
  }

  postMetrics(request: PostMetricsRequest): Promise<MetricReading> {
    return pinterestPinMetrics(
      this.api(request.app, request.tokens.accessToken),
      request,
      this.permissionNeeds,
      new Date(),
    );
  }

  accountMetrics(request: AccountMetricsRequest): Promise<MetricReading> {
    return pinterestAccountMetrics(this.api(request.app, request.tokens.accessToken), request);
  }

  /** The boards (and their sections) a pin goes on: options.pinterest.boardId and boardSectionId. */
  readonly destinations: DestinationsAdapter = {
    option: 'boardId',
    childOption: 'boardSectionId',
    list: (call) => pinterestBoards(this.api(call.app, call.tokens.accessToken)),
  };
}
