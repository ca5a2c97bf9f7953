import { Injectable } from '@nestjs/common';
import { NetworkHttpClient } from '../http/network-http.client';
import { AccountMetricsRequest, MetricReading, PostMetricsRequest } from '../metrics/metric-reading';
import { NetworkAdapterBase } from '../network-adapter-base';
import type {
  AccountTokens,
  AppCredentials,
  AuthorizeRequest,
  AuthorizeStart,
  CodeExchangeRequest,
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
import { DpopKey } from './bluesky-dpop';
import { DpopNonces } from './bluesky-dpop-nonces';
import {
  BlueskyOAuthCall,
  finishBlueskyOAuth,
  refreshBlueskyOAuth,
  revokeBlueskyOAuth,
  startBlueskyOAuth,
} from './bluesky-oauth';
import { BlueskyOAuthClient } from './bluesky-oauth-client';
import { BlueskyOAuthApi } from './bluesky-oauth-server';
import { readBinding } from './bluesky-token-binding';
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

  /** The DPoP nonce each PDS gave last, so the next call's first proof carries it. */
  private readonly pdsNonces = new DpopNonces();

  constructor(settings: BlueskySettings, http: NetworkHttpClient) {
    super(BLUESKY_IDENTITY, settings, http);
  }

  /**
   * The XRPC client for calls as `tokens`: an app-password session at the configured service, with
   * its bearer; an OAuth session at the PDS its binding names, with DPoP proofs of its key.
   */
  private api(app: AppCredentials, tokens?: AccountTokens): BlueskyXrpc {
    const binding = readBinding(tokens?.tokenBinding);
    if (!binding) return new BlueskyXrpc(this.http, this.id, this.endpoints(app).serviceUrl);
    const key = new DpopKey(binding.key);
    return new BlueskyXrpc(this.http, this.id, binding.pds, undefined, undefined, key, this.pdsNonces);
  }

  /** The pieces of an atproto OAuth step as `app`; throws when the service has no OAuth client key. */
  private oauth(app: AppCredentials): BlueskyOAuthCall {
    const endpoints = this.endpoints(app);
    const client = endpoints.oauth;
    if (!client) throw new Error('Bluesky OAuth is not configured (BLUESKY_OAUTH_PRIVATE_KEY)');
    return {
      api: new BlueskyOAuthApi(this.http, this.id, endpoints.serviceUrl, this.worldHeaders(app), endpoints.allowHttp),
      client,
      serviceUrl: endpoints.serviceUrl,
      plcUrl: endpoints.plcUrl,
    };
  }

  /** The documents atproto OAuth reads from the service (PUBLIC_URL/oauth/bluesky/<name>): its client metadata and public keys. */
  publishedDocument(name: string): Record<string, unknown> | undefined {
    const client = this.settings.oauth;
    if (!(client instanceof BlueskyOAuthClient)) return undefined;
    if (name === 'client-metadata.json') return client.metadata();
    if (name === 'jwks.json') return client.jwks();
    return undefined;
  }

  /**
   * Users sign in with a handle and an app password (https://bsky.app/settings/app-passwords) on
   * the service's own sign-in page: a session from com.atproto.server.createSession. With an OAuth
   * client key set, Bluesky's own consent page (atproto OAuth) comes first and this page is the
   * alternative.
   */
  readonly passwordSignIn: PasswordSignIn = {
    identifierLabel: 'Handle',
    identifierExample: 'alice.bsky.social',
    passwordLabel: 'App password',
    passwordHelpUrl: 'https://bsky.app/settings/app-passwords',
    signIn: (credentials: PasswordCredentials, app: AppCredentials) =>
      signInToBluesky(this.api(app), credentials, this.worldHeaders(app)),
  };

  /** Bluesky's consent page is there once the service has its OAuth client key. */
  consentConfigured(app: AppCredentials): boolean {
    return this.endpoints(app).oauth !== undefined;
  }

  /** atproto OAuth: a pushed authorization request first, then Bluesky's consent page. */
  authorizeUrl(request: AuthorizeRequest): Promise<AuthorizeStart> {
    return startBlueskyOAuth(this.oauth(request.app), request);
  }

  exchangeCode(request: CodeExchangeRequest): Promise<UserGrant> {
    return finishBlueskyOAuth(this.oauth(request.app), request);
  }

  async listSelectable(grant: UserGrant, app: AppCredentials): Promise<SelectableAccount[]> {
    const tokens: AccountTokens = {
      accessToken: grant.accessToken,
      ...(grant.tokenBinding === undefined ? {} : { tokenBinding: grant.tokenBinding }),
    };
    return [await blueskyAccount(this.api(app, tokens), grant)];
  }

  async refresh(tokens: AccountTokens, app: AppCredentials): Promise<AccountTokens | undefined> {
    const binding = readBinding(tokens.tokenBinding);
    if (binding) return refreshBlueskyOAuth(this.oauth(app), tokens, binding);
    if (!tokens.refreshToken) return undefined;
    return refreshBlueskySession(this.api(app), tokens.refreshToken);
  }

  revoke(tokens: AccountTokens, app: AppCredentials): Promise<void> {
    const binding = readBinding(tokens.tokenBinding);
    if (binding) return revokeBlueskyOAuth(this.oauth(app), tokens, binding);
    return endBlueskySession(this.api(app), tokens);
  }

  validate(parts: PostPart[]): ContentProblem[] {
    return blueskyContentProblems(parts);
  }

  publish(request: PublishRequest): Promise<PublishOutcome> {
    const endpoints = this.endpoints(request.app);
    const publishing = {
      api: this.api(request.app, request.tokens),
      video: new BlueskyXrpc(this.http, this.id, endpoints.videoUrl, undefined, blueskyVideoResponseError),
      webUrl: endpoints.webUrl,
      worldHeaders: this.worldHeaders(request.app),
    };
    return publishOnBluesky(publishing, request);
  }

  unpublish(request: UnpublishRequest): Promise<void> {
    return unpublishOnBluesky(this.api(request.app, request.tokens), request);
  }

  postMetrics(request: PostMetricsRequest): Promise<MetricReading> {
    return blueskyPostMetrics(this.api(request.app, request.tokens), request);
  }

  accountMetrics(request: AccountMetricsRequest): Promise<MetricReading> {
    return blueskyAccountMetrics(this.api(request.app, request.tokens), request);
  }

  /** Replies are comments: read from the post's thread, written as posts replying in it. */
  readonly comments: CommentingAdapter = {
    commentId: { pattern: BLUESKY_POST_URI, words: 'the AT URI of a Bluesky post' },
    listComments: (call, page) => listBlueskyReplies(this.api(call.app, call.tokens), call, page),
    answer: (request) => answerOnBluesky(this.api(request.app, request.tokens), request),
  };
}
