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
  CommentingAdapter,
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
import { NetworkQuotaStore } from '../quota';
import { YouTubeApi, YouTubeOAuth } from './youtube-api';
import { YOUTUBE_CAPABILITIES } from './youtube-capabilities';
import { answerYouTubeComment, listYouTubeComments, YOUTUBE_COMMENT_ID } from './youtube-comments';
import { youTubeContentProblems } from './youtube-content-rules';
import { exchangeYouTubeCode, refreshYouTubeToken, youTubeAuthorizeUrl, youTubeSelectable } from './youtube-login';
import { YOUTUBE_MEDIA_LIMITS } from './youtube-media-limits';
import { YOUTUBE_METRIC_NAMES, youTubeAccountMetrics, youTubePostMetrics } from './youtube-metrics';
import { YOUTUBE_PERMISSION_NEEDS } from './youtube-permissions';
import { YOUTUBE_POST_OPTIONS } from './youtube-post-options';
import { publishOnYouTube } from './youtube-publisher';
import { youTubeQuotaGuard } from './youtube-quota';
import { unpublishOnYouTube } from './youtube-unpublish';
import { YOUTUBE_IDENTITY } from './youtube.identity';
import { YouTubeSettings } from './youtube.settings';

/**
 * YouTube channels through Google's OAuth 2.0 (offline access) and the YouTube Data API v3:
 * resumable video uploads, thumbnails, deletes, statistics and comments, each call charged to the
 * app's daily quota first. Stateless: every call brings its credentials.
 */
@Injectable()
export class YouTubeAdapter extends NetworkAdapterBase<YouTubeSettings> implements NetworkAdapter, PublishingAdapter {
  /** Each channel is its own grant: revoking ends that grant only. */
  readonly revokeScope = 'account' as const;
  /** Access tokens live an hour: refresh in the last ten minutes. */
  readonly refreshAheadMs = 10 * 60_000;
  readonly permissionNeeds: PermissionNeeds = YOUTUBE_PERMISSION_NEEDS;
  readonly capabilities = YOUTUBE_CAPABILITIES;
  readonly mediaLimits = YOUTUBE_MEDIA_LIMITS;
  readonly metricNames = YOUTUBE_METRIC_NAMES;
  /** options.youtube: title, madeForKids, privacyStatus, tags, categoryId, containsSyntheticMedia, thumbnail. */
  readonly postOptions = YOUTUBE_POST_OPTIONS;

  constructor(
    settings: YouTubeSettings,
    http: NetworkHttpClient,
    private readonly quota: NetworkQuotaStore,
  ) {
    super(YOUTUBE_IDENTITY, settings, http);
  }

  /** youtube.googleapis.com as the channel, each call charged to the app's quota of the day. */
  private api(app: AppCredentials, accessToken: string): YouTubeApi {
    const endpoints = this.endpoints(app);
    const guard = youTubeQuotaGuard(this.quota, this.id, app.clientId, endpoints.quota);
    return new YouTubeApi(this.http, this.id, endpoints.apiUrl, accessToken, guard);
  }

  private oauth(app: AppCredentials): YouTubeOAuth {
    return new YouTubeOAuth(this.http, this.id, this.endpoints(app).oauthUrl);
  }

  authorizeUrl(request: AuthorizeRequest): string {
    const endpoints = this.endpoints(request.app);
    return youTubeAuthorizeUrl(endpoints.authorizeUrl, request, endpoints.promptConsent);
  }

  exchangeCode(request: CodeExchangeRequest): Promise<UserGrant> {
    return exchangeYouTubeCode(this.oauth(request.app), request, () => new Date());
  }

  listSelectable(grant: UserGrant, app: AppCredentials): Promise<SelectableAccount[]> {
    return youTubeSelectable(this.api(app, grant.accessToken), grant);
  }

  refresh(tokens: AccountTokens, app: AppCredentials): Promise<AccountTokens | undefined> {
    return refreshYouTubeToken(this.oauth(app), tokens, app, () => new Date());
  }

  /** Revokes the grant at Google (the refresh token where there is one: it ends the access tokens too). */
  async revoke(tokens: AccountTokens, app: AppCredentials): Promise<void> {
    await this.oauth(app).revoke(tokens.refreshToken ?? tokens.accessToken);
  }

  validate(parts: PostPart[]): ContentProblem[] {
    return youTubeContentProblems(parts);
  }

  publish(request: PublishRequest): Promise<PublishOutcome> {
    const endpoints = this.endpoints(request.app);
    return publishOnYouTube(this.api(request.app, request.tokens.accessToken), request, endpoints);
  }

  async unpublish(request: UnpublishRequest): Promise<void> {
    await unpublishOnYouTube(this.api(request.app, request.tokens.accessToken), request);
  }

  postMetrics(request: PostMetricsRequest): Promise<MetricReading> {
    return youTubePostMetrics(this.api(request.app, request.tokens.accessToken), request, this.permissionNeeds);
  }

  accountMetrics(request: AccountMetricsRequest): Promise<MetricReading> {
    return youTubeAccountMetrics(this.api(request.app, request.tokens.accessToken), request);
  }

  /** Comments under a video: its threads listed, a comment answered as the channel. */
  readonly comments: CommentingAdapter = {
    commentId: { pattern: YOUTUBE_COMMENT_ID, words: 'a YouTube comment id (Ugz…, or Ugz….… for an answer)' },
    listComments: (call, page) => listYouTubeComments(this.api(call.app, call.tokens.accessToken), call, page),
    answer: (request) => answerYouTubeComment(this.api(request.app, request.tokens.accessToken), request),
  };
}
