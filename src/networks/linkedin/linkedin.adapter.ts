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
import type { NetworkPostOptions } from '../post-options';
import { linkedInAccountMetrics } from './linkedin-account-metrics';
import { LinkedInApi, LinkedInOAuth } from './linkedin-api';
import { LINKEDIN_CAPABILITIES } from './linkedin-capabilities';
import { answerLinkedInComment, LINKEDIN_COMMENT_ID, listLinkedInComments } from './linkedin-comments';
import { linkedInContentProblems } from './linkedin-content-rules';
import { exchangeLinkedInCode, linkedInAuthorizeUrl, linkedInSelectable, refreshLinkedInToken } from './linkedin-login';
import { LINKEDIN_MEDIA_LIMITS } from './linkedin-media-limits';
import { LINKEDIN_METRIC_NAMES, linkedInPostMetrics } from './linkedin-metrics';
import { LINKEDIN_PERMISSION_NEEDS } from './linkedin-permissions';
import { LINKEDIN_POST_OPTIONS, optionsGiveContent } from './linkedin-post-options';
import { publishOnLinkedIn } from './linkedin-publisher';
import { unpublishOnLinkedIn } from './linkedin-unpublish';
import { linkedInTextEdits } from './linkedin-edit';
import { LINKEDIN_IDENTITY } from './linkedin.identity';
import { LinkedInSettings } from './linkedin.settings';

/**
 * LinkedIn members and the organizations they may post for, through LinkedIn's OAuth 2.0 and the
 * versioned Community Management APIs (`/rest/…` with LinkedIn-Version and Rest.li 2.0).
 * Stateless: every call brings its credentials.
 */
@Injectable()
export class LinkedInAdapter extends NetworkAdapterBase<LinkedInSettings> implements NetworkAdapter, PublishingAdapter {
  /** LinkedIn has no revoke endpoint (see revoke): nothing is ended per account or per member. */
  readonly revokeScope = 'account' as const;
  /** Access tokens live 60 days: refresh (where the app has refresh tokens) in the last 7. */
  readonly refreshAheadMs = 7 * 24 * 3600_000;
  readonly permissionNeeds: PermissionNeeds = LINKEDIN_PERMISSION_NEEDS;
  readonly capabilities = LINKEDIN_CAPABILITIES;
  readonly mediaLimits = LINKEDIN_MEDIA_LIMITS;
  readonly metricNames = LINKEDIN_METRIC_NAMES;
  /** options.linkedin: visibility, reshare, article, poll, document. */
  readonly postOptions = LINKEDIN_POST_OPTIONS;

  constructor(settings: LinkedInSettings, http: NetworkHttpClient) {
    super(LINKEDIN_IDENTITY, settings, http);
  }

  /** api.linkedin.com as the account, with the deployment's LinkedIn-Version; a test world's app reaches the service's own emulator. */
  private api(app: AppCredentials, accessToken: string): LinkedInApi {
    const endpoints = this.endpoints(app);
    return new LinkedInApi(this.http, this.id, endpoints.apiUrl, endpoints.version, accessToken);
  }

  private oauth(app: AppCredentials): LinkedInOAuth {
    return new LinkedInOAuth(this.http, this.id, this.endpoints(app).oauthUrl);
  }

  authorizeUrl(request: AuthorizeRequest): string {
    const endpoints = this.endpoints(request.app);
    return linkedInAuthorizeUrl(endpoints.authorizeUrl, request, endpoints.organizations);
  }

  exchangeCode(request: CodeExchangeRequest): Promise<UserGrant> {
    return exchangeLinkedInCode(this.oauth(request.app), request, () => new Date());
  }

  listSelectable(grant: UserGrant, app: AppCredentials): Promise<SelectableAccount[]> {
    return linkedInSelectable(this.api(app, grant.accessToken), grant);
  }

  /** With a refresh token (apps LinkedIn granted them), 60 days more; without one, undefined: the member reconnects. */
  refresh(tokens: AccountTokens, app: AppCredentials): Promise<AccountTokens | undefined> {
    return refreshLinkedInToken(this.oauth(app), tokens, app, () => new Date());
  }

  /**
   * LinkedIn documents no revoke endpoint for member tokens (only introspection,
   * POST /oauth/v2/introspectToken): the member removes the app in LinkedIn's settings, and our
   * side forgets the tokens. Nothing to call.
   */
  async revoke(): Promise<void> {}

  validate(parts: PostPart[], options?: NetworkPostOptions): ContentProblem[] {
    return linkedInContentProblems(parts, optionsGiveContent(options));
  }

  publish(request: PublishRequest): Promise<PublishOutcome> {
    const endpoints = this.endpoints(request.app);
    return publishOnLinkedIn(
      this.api(request.app, request.tokens.accessToken),
      request,
      endpoints.pollMs,
      endpoints.webUrl,
    );
  }

  async unpublish(request: UnpublishRequest): Promise<void> {
    await unpublishOnLinkedIn(this.api(request.app, request.tokens.accessToken), request);
  }

  /** The commentary, by a partial update of the post. */
  readonly textEdits = linkedInTextEdits((request) => this.api(request.app, request.tokens.accessToken));

  postMetrics(request: PostMetricsRequest): Promise<MetricReading> {
    return linkedInPostMetrics(this.api(request.app, request.tokens.accessToken), request, this.permissionNeeds);
  }

  /** The followers of the organization (networkSizes) or of the member (memberFollowersCount, a scope the service does not ask). */
  accountMetrics(request: AccountMetricsRequest): Promise<MetricReading> {
    return linkedInAccountMetrics(this.api(request.app, request.tokens.accessToken), request);
  }

  /** Comments under a post, read and answered as the member or the organization. */
  readonly comments: CommentingAdapter = {
    commentId: { pattern: LINKEDIN_COMMENT_ID, words: 'a LinkedIn comment URN, urn:li:comment:(…,…)' },
    listComments: (call, page) => listLinkedInComments(this.api(call.app, call.tokens.accessToken), call, page),
    answer: (request) => answerLinkedInComment(this.api(request.app, request.tokens.accessToken), request),
  };
}
