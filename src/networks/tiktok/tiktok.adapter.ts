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
  NetworkAdapter,
  PostPart,
  PublishingAdapter,
  PublishOutcome,
  PublishRequest,
  SelectableAccount,
  UserGrant,
} from '../network-adapter';
import type { NetworkPostOptions } from '../post-options';
import { TikTokApi, TikTokOAuth } from './tiktok-api';
import { TIKTOK_CAPABILITIES } from './tiktok-capabilities';
import { tiktokContentProblems } from './tiktok-content-rules';
import { exchangeTikTokCode, refreshTikTokToken, tiktokAuthorizeUrl, tiktokSelectable } from './tiktok-login';
import { TIKTOK_MEDIA_LIMITS } from './tiktok-media-limits';
import { TIKTOK_METRIC_NAMES, tiktokPostMetrics } from './tiktok-metrics';
import { TIKTOK_PERMISSION_NEEDS } from './tiktok-permissions';
import { TIKTOK_POST_OPTIONS } from './tiktok-post-options';
import { publishOnTikTok } from './tiktok-publisher';
import { TIKTOK_IDENTITY } from './tiktok.identity';
import { TikTokSettings } from './tiktok.settings';

/**
 * TikTok creators through Login Kit (OAuth v2 with PKCE) and the Content Posting API: a video
 * uploaded in chunks from the service's bytes or photos pulled by URL, posted directly or sent to
 * the creator's inbox as a draft, followed through status/fetch until TikTok completes it. TikTok
 * has no API to delete a post or to read or write comments: the adapter has neither (unpublishing
 * answers unpublish_not_supported; the comments routes answer that the network has none).
 * Stateless: every call brings its credentials.
 */
@Injectable()
export class TikTokAdapter extends NetworkAdapterBase<TikTokSettings> implements NetworkAdapter, PublishingAdapter {
  readonly revokeScope = 'account' as const;
  /** Access tokens live 24 hours: refreshed in their last 2. */
  readonly refreshAheadMs = 2 * 3600_000;
  readonly permissionNeeds: PermissionNeeds = TIKTOK_PERMISSION_NEEDS;
  readonly capabilities = TIKTOK_CAPABILITIES;
  readonly mediaLimits = TIKTOK_MEDIA_LIMITS;
  readonly metricNames = TIKTOK_METRIC_NAMES;
  /** options.tiktok: privacyLevel (required), interactions, the commercial content disclosure, AI content, mode. */
  readonly postOptions = TIKTOK_POST_OPTIONS;

  constructor(settings: TikTokSettings, http: NetworkHttpClient) {
    super(TIKTOK_IDENTITY, settings, http);
  }

  /** open.tiktokapis.com as the creator; a test world's app reaches the service's own emulator. */
  private api(app: AppCredentials, accessToken: string): TikTokApi {
    return new TikTokApi(this.http, this.id, this.endpoints(app).apiUrl, accessToken);
  }

  private oauth(app: AppCredentials): TikTokOAuth {
    return new TikTokOAuth(this.http, this.id, this.endpoints(app).apiUrl);
  }

  authorizeUrl(request: AuthorizeRequest): string {
    return tiktokAuthorizeUrl(this.endpoints(request.app).authorizeUrl, request);
  }

  exchangeCode(request: CodeExchangeRequest): Promise<UserGrant> {
    return exchangeTikTokCode(this.oauth(request.app), request, () => new Date());
  }

  listSelectable(grant: UserGrant, app: AppCredentials): Promise<SelectableAccount[]> {
    return tiktokSelectable(this.api(app, grant.accessToken), grant);
  }

  refresh(tokens: AccountTokens, app: AppCredentials): Promise<AccountTokens | undefined> {
    return refreshTikTokToken(this.oauth(app), tokens, app, () => new Date());
  }

  /** `POST /v2/oauth/revoke/`: ends the creator's authorization of the app. */
  async revoke(tokens: AccountTokens, app: AppCredentials): Promise<void> {
    await this.oauth(app).revoke({
      client_key: app.clientId,
      client_secret: app.clientSecret,
      token: tokens.accessToken,
    });
  }

  validate(parts: PostPart[], options?: NetworkPostOptions): ContentProblem[] {
    return tiktokContentProblems(parts, options, this.settings.audited);
  }

  publish(request: PublishRequest): Promise<PublishOutcome> {
    const endpoints = this.endpoints(request.app);
    return publishOnTikTok(this.api(request.app, request.tokens.accessToken), request, {
      pollMs: endpoints.pollMs,
      chunkBytes: endpoints.chunkBytes,
      pullUrlPrefixes: endpoints.pullUrlPrefixes,
      webUrl: endpoints.webUrl,
    });
  }

  postMetrics(request: PostMetricsRequest): Promise<MetricReading> {
    return tiktokPostMetrics(this.api(request.app, request.tokens.accessToken), request, this.permissionNeeds);
  }

  /** TikTok's account metrics (user.info.stats) are not read: none listed. */
  async accountMetrics(_request: AccountMetricsRequest): Promise<MetricReading> {
    return {};
  }
}
