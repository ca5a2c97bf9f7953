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
import { ThreadsApi } from './threads-api';
import { THREADS_CAPABILITIES } from './threads-capabilities';
import { answerThreadsReply, listThreadsReplies } from './threads-comments';
import { threadsContentProblems } from './threads-content-rules';
import { exchangeThreadsCode, refreshThreadsToken, threadsAuthorizeUrl, threadsProfileAccount } from './threads-login';
import { THREADS_MEDIA_LIMITS } from './threads-media-limits';
import { THREADS_METRIC_NAMES, threadsAccountMetrics, threadsPostMetrics } from './threads-metrics';
import { THREADS_PERMISSION_NEEDS } from './threads-permissions';
import { readThreadsOptions, THREADS_POST_OPTIONS } from './threads-post-options';
import { publishOnThreads } from './threads-publisher';
import { unpublishOnThreads } from './threads-unpublish';
import { THREADS_IDENTITY } from './threads.identity';
import { ThreadsSettings } from './threads.settings';

/** Threads profiles, through Threads' own OAuth on graph.threads.net. Stateless: every call brings its credentials. */
@Injectable()
export class ThreadsAdapter extends NetworkAdapterBase<ThreadsSettings> implements NetworkAdapter, PublishingAdapter {
  /** Each login is one profile. */
  readonly revokeScope = 'account' as const;
  /** Long-lived tokens live 60 days and can be refreshed once a day old: refresh in the last 7. */
  readonly refreshAheadMs = 7 * 24 * 3600_000;
  readonly permissionNeeds: PermissionNeeds = THREADS_PERMISSION_NEEDS;
  readonly capabilities = THREADS_CAPABILITIES;
  readonly mediaLimits = THREADS_MEDIA_LIMITS;
  readonly metricNames = THREADS_METRIC_NAMES;
  /** options.threads: reply control, topic tag, quote, link attachment, poll. */
  readonly postOptions = THREADS_POST_OPTIONS;

  constructor(settings: ThreadsSettings, http: NetworkHttpClient) {
    super(THREADS_IDENTITY, settings, http);
  }

  /** graph.threads.net/v1.0 as `app`: a test world's app reaches the service's own emulator. */
  private graph(app: AppCredentials): ThreadsApi {
    return new ThreadsApi(this.http, this.id, this.endpoints(app).graphUrl);
  }

  /** The unversioned host of the token endpoints, as Meta's collection calls them. */
  private tokens(app: AppCredentials): ThreadsApi {
    return new ThreadsApi(this.http, this.id, this.endpoints(app).unversionedGraphUrl);
  }

  authorizeUrl(request: AuthorizeRequest): string {
    return threadsAuthorizeUrl(this.endpoints(request.app).authorizeUrl, request);
  }

  exchangeCode(request: CodeExchangeRequest): Promise<UserGrant> {
    return exchangeThreadsCode(this.tokens(request.app), request, () => new Date());
  }

  async listSelectable(grant: UserGrant, app: AppCredentials): Promise<SelectableAccount[]> {
    return [await threadsProfileAccount(this.graph(app), grant)];
  }

  async refresh(tokens: AccountTokens, app: AppCredentials): Promise<AccountTokens | undefined> {
    const refreshed = await refreshThreadsToken(this.tokens(app), tokens.accessToken, () => new Date());
    return (
      refreshed && {
        accessToken: refreshed.accessToken,
        ...(refreshed.expiresAt ? { expiresAt: refreshed.expiresAt } : {}),
      }
    );
  }

  /**
   * Threads documents no revoke endpoint: the user removes the app in Threads' settings (Website
   * permissions), and our side forgets the tokens. Nothing to call.
   */
  async revoke(): Promise<void> {}

  validate(parts: PostPart[], options?: NetworkPostOptions): ContentProblem[] {
    // The options may not have passed their own check (a link that is not a string): only a string counts as a link.
    const link = readThreadsOptions(options).linkAttachment;
    return threadsContentProblems(parts, typeof link === 'string' ? link : undefined);
  }

  publish(request: PublishRequest): Promise<PublishOutcome> {
    return publishOnThreads(this.graph(request.app), request, this.endpoints(request.app).pollMs);
  }

  async unpublish(request: UnpublishRequest): Promise<void> {
    await unpublishOnThreads(this.graph(request.app), request);
  }

  postMetrics(request: PostMetricsRequest): Promise<MetricReading> {
    return threadsPostMetrics(this.graph(request.app), request, this.permissionNeeds);
  }

  accountMetrics(request: AccountMetricsRequest): Promise<MetricReading> {
    return threadsAccountMetrics(this.graph(request.app), request);
  }

  /** Replies under a post, read and answered as the profile. */
  readonly comments: CommentingAdapter = {
    // A Threads media id is a number (the collection's examples; the reference's ids).
    commentId: { pattern: /^[0-9]{1,40}$/, words: 'a number' },
    listComments: (call, page) => listThreadsReplies(this.graph(call.app), call, page),
    answer: (request) => answerThreadsReply(this.graph(request.app), request),
  };
}
