import { Injectable } from '@nestjs/common';
import { NetworkHttpClient } from '../http/network-http.client';
import { AccountMetricsRequest, MetricReading, PostMetricsRequest } from '../metrics/metric-reading';
import { NetworkAdapterBase } from '../network-adapter-base';
import type {
  AccountTokens,
  AppCredentials,
  CommentingAdapter,
  ContentProblem,
  NetworkAdapter,
  PasswordCredentials,
  PasswordSignIn,
  PostPart,
  PublishOutcome,
  PublishRequest,
  SelectableAccount,
  UnpublishRequest,
  UserGrant,
} from '../network-adapter';
import { BLUESKY_CAPABILITIES } from './bluesky-capabilities';
import { blueskyContentProblems } from './bluesky-content-rules';
import { BLUESKY_MEDIA_LIMITS } from './bluesky-media-limits';
import { blueskyAccountMetrics, blueskyPostMetrics, BLUESKY_METRIC_NAMES } from './bluesky-metrics';
import { BLUESKY_PERMISSION_NEEDS } from './bluesky-permissions';
import { BLUESKY_POST_OPTIONS, BLUESKY_POST_URI } from './bluesky-post-options';
import { publishOnBluesky } from './bluesky-publisher';
import { answerOnBluesky, listBlueskyReplies } from './bluesky-replies';
import { blueskyAccount, endBlueskySession, refreshBlueskySession, signInToBluesky } from './bluesky-session';
import { unpublishOnBluesky } from './bluesky-unpublish';
import { blueskyVideoResponseError } from './bluesky-video';
import { BlueskyXrpc } from './bluesky-xrpc';
import { BLUESKY_IDENTITY } from './bluesky.identity';
import { BlueskySettings } from './bluesky.settings';

/** Bluesky profiles over the AT Protocol (XRPC to the account's PDS). Stateless: every call brings its credentials. */
@Injectable()
export class BlueskyAdapter extends NetworkAdapterBase<BlueskySettings> implements NetworkAdapter {
  /** One session is one account: ending it ends only this account. */
  readonly revokeScope = 'account';
  /** A PDS access token lives about 2 hours (its JWT's `exp`): refresh in the last 15 minutes. */
  readonly refreshAheadMs = 15 * 60_000;
  readonly permissionNeeds = BLUESKY_PERMISSION_NEEDS;
  readonly postOptions = BLUESKY_POST_OPTIONS;
  readonly capabilities = BLUESKY_CAPABILITIES;
  readonly mediaLimits = BLUESKY_MEDIA_LIMITS;
  readonly metricNames = BLUESKY_METRIC_NAMES;

  constructor(settings: BlueskySettings, http: NetworkHttpClient) {
    super(BLUESKY_IDENTITY, settings, http);
  }

  private api(app: AppCredentials): BlueskyXrpc {
    return new BlueskyXrpc(this.http, this.id, this.endpoints(app).serviceUrl);
  }

  /**
   * Users sign in with a handle and an app password (https://bsky.app/settings/app-passwords) on
   * the service's own sign-in page: a session from com.atproto.server.createSession. (atproto
   * OAuth, with its pushed requests and DPoP-bound tokens, is not spoken yet.)
   */
  readonly passwordSignIn: PasswordSignIn = {
    identifierLabel: 'Handle',
    identifierExample: 'alice.bsky.social',
    passwordLabel: 'App password',
    passwordHelpUrl: 'https://bsky.app/settings/app-passwords',
    signIn: (credentials: PasswordCredentials, app: AppCredentials) =>
      signInToBluesky(this.api(app), credentials, this.worldHeaders(app)),
  };

  /** Never asked: a network with passwordSignIn has no consent page (auth-url sends users to the sign-in page). */
  authorizeUrl(): string {
    throw new Error('Bluesky accounts connect on the sign-in page, not through an authorize URL');
  }

  exchangeCode(): Promise<UserGrant> {
    return Promise.reject(new Error('Bluesky accounts connect on the sign-in page, not with an authorization code'));
  }

  async listSelectable(grant: UserGrant, app: AppCredentials): Promise<SelectableAccount[]> {
    return [await blueskyAccount(this.api(app), grant)];
  }

  async refresh(tokens: AccountTokens, app: AppCredentials): Promise<AccountTokens | undefined> {
    if (!tokens.refreshToken) return undefined;
    return refreshBlueskySession(this.api(app), tokens.refreshToken);
  }

  revoke(tokens: AccountTokens, app: AppCredentials): Promise<void> {
    return endBlueskySession(this.api(app), tokens);
  }

  validate(parts: PostPart[]): ContentProblem[] {
    return blueskyContentProblems(parts);
  }

  publish(request: PublishRequest): Promise<PublishOutcome> {
    const endpoints = this.endpoints(request.app);
    const publishing = {
      api: this.api(request.app),
      video: new BlueskyXrpc(this.http, this.id, endpoints.videoUrl, undefined, blueskyVideoResponseError),
      webUrl: endpoints.webUrl,
      worldHeaders: this.worldHeaders(request.app),
    };
    return publishOnBluesky(publishing, request);
  }

  unpublish(request: UnpublishRequest): Promise<void> {
    return unpublishOnBluesky(this.api(request.app), request);
  }

  postMetrics(request: PostMetricsRequest): Promise<MetricReading> {
    return blueskyPostMetrics(this.api(request.app), request);
  }

  accountMetrics(request: AccountMetricsRequest): Promise<MetricReading> {
    return blueskyAccountMetrics(this.api(request.app), request);
  }

  /** Replies are comments: read from the post's thread, written as posts replying in it. */
  readonly comments: CommentingAdapter = {
    commentId: { pattern: BLUESKY_POST_URI, words: 'the AT URI of a Bluesky post' },
    listComments: (call, page) => listBlueskyReplies(this.api(call.app), call, page),
    answer: (request) => answerOnBluesky(this.api(request.app), request),
  };
}
