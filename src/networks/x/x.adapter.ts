import { X_MEDIA_LIMITS } from './x-media-limits';
import { X_CAPABILITIES } from './x-capabilities';
import { answerOnX, listXReplies } from './x-replies';
import { X_POST_OPTIONS } from './x-post-options';
import { X_PERMISSION_NEEDS } from './x-permissions';
import type { CommentingAdapter } from '../network-adapter';
import { Injectable } from '@nestjs/common';
import { NetworkHttpClient } from '../http/network-http.client';
import { NetworkAdapterBase } from '../network-adapter-base';
import {
  AccountTokens,
  AccountTraits,
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
import { AccountMetricsRequest, MetricReading, PostMetricsRequest } from '../metrics/metric-reading';
import { XApi } from './x-api';
import { xAccountMetrics, xPostMetrics, X_METRIC_NAMES } from './x-metrics';
import {
  exchangeXCode,
  readXAccountTraits,
  refreshXToken,
  revokeXToken,
  xAuthorizeUrl,
  XTokenKind,
  xProfileAccount,
} from './x-oauth';
import { xAccountContentProblems, xContentProblems } from './x-content-rules';
import { publishOnX } from './x-publisher';
import { unpublishOnX } from './x-unpublish';
import { xTextEdits } from './x-edit';
import { XSettings } from './x.settings';
import { X_IDENTITY } from './x.identity';

/** X profiles over OAuth 2.0 with PKCE and the v2 API. Stateless: every call brings its credentials. */
/**
 * A reply is a post: X's OpenAPI document gives post ids the pattern ^[0-9]{1,19}$ (its PostId schema,
 * contracts/x/openapi.json; x-post-id.spec.ts holds the two together).
 */
export const X_POST_ID = /^[0-9]{1,19}$/;

@Injectable()
export class XAdapter extends NetworkAdapterBase<XSettings> implements NetworkAdapter, PublishingAdapter {
  /** One login is one profile: revoking it ends only this account. */
  readonly revokeScope = 'account';
  /** X access tokens live two hours: refresh in the last 15 minutes. */
  readonly refreshAheadMs = 15 * 60_000;
  readonly permissionNeeds = X_PERMISSION_NEEDS;
  readonly postOptions = X_POST_OPTIONS;
  readonly capabilities = X_CAPABILITIES;
  readonly mediaLimits = X_MEDIA_LIMITS;
  readonly metricNames = X_METRIC_NAMES;

  constructor(settings: XSettings, http: NetworkHttpClient) {
    super(X_IDENTITY, settings, http);
  }

  private api(app: AppCredentials): XApi {
    return new XApi(this.http, this.id, this.endpoints(app).apiUrl);
  }

  authorizeUrl(request: AuthorizeRequest): string {
    return xAuthorizeUrl(this.endpoints(request.app).authorizeUrl, request);
  }

  exchangeCode(request: CodeExchangeRequest): Promise<UserGrant> {
    return exchangeXCode(this.api(request.app), request);
  }

  async listSelectable(grant: UserGrant, app: AppCredentials): Promise<SelectableAccount[]> {
    return [await xProfileAccount(this.api(app), grant)];
  }

  async refresh(tokens: AccountTokens, app: AppCredentials): Promise<AccountTokens | undefined> {
    if (!tokens.refreshToken) return undefined;
    const grant = await refreshXToken(this.api(app), tokens.refreshToken, app);
    return {
      accessToken: grant.accessToken,
      refreshToken: grant.refreshToken ?? tokens.refreshToken,
      expiresAt: grant.expiresAt,
      ...(grant.scopes.length ? { scopes: grant.scopes } : {}),
    };
  }

  /** The account's X subscription, read again after each refresh: it decides how long its posts may be. */
  accountTraits(tokens: AccountTokens, app: AppCredentials): Promise<AccountTraits> {
    return readXAccountTraits(this.api(app), tokens.accessToken);
  }

  /**
   * Revokes the refresh token (which ends the grant) and the access token. Both are attempted even
   * if the first fails; the first failure is then reported.
   */
  async revoke(tokens: AccountTokens, app: AppCredentials): Promise<void> {
    const api = this.api(app);
    const revocations: { token: string; hint: XTokenKind }[] = [
      ...(tokens.refreshToken ? [{ token: tokens.refreshToken, hint: 'refresh_token' as const }] : []),
      { token: tokens.accessToken, hint: 'access_token' },
    ];
    let firstFailure: unknown;
    for (const revocation of revocations) {
      try {
        await revokeXToken(api, { ...revocation, app });
      } catch (error) {
        firstFailure ??= error;
      }
    }
    if (firstFailure !== undefined) throw firstFailure;
  }

  validate(parts: PostPart[]): ContentProblem[] {
    return xContentProblems(parts);
  }

  /** Past 280 weighted characters, a post needs an account whose X subscription allows long posts. */
  accountContentProblems(parts: PostPart[], traits: AccountTraits): ContentProblem[] {
    return xAccountContentProblems(parts, traits);
  }

  /** Publishes as the user, with the user's access token. */
  publish(request: PublishRequest): Promise<PublishOutcome> {
    return publishOnX(this.api(request.app), request, this.endpoints(request.app).webUrl);
  }

  /** Deletes the delivery's tweet with the user's token. */
  unpublish(request: UnpublishRequest): Promise<void> {
    return unpublishOnX(this.api(request.app), request);
  }

  /** An edit within X's window, as a new version of the post (its new id becomes the delivery's). */
  readonly textEdits = xTextEdits((request) => this.api(request.app));

  postMetrics(request: PostMetricsRequest): Promise<MetricReading> {
    return xPostMetrics(this.api(request.app), request);
  }

  accountMetrics(request: AccountMetricsRequest): Promise<MetricReading> {
    return xAccountMetrics(this.api(request.app), request);
  }

  /** Replies in a tweet's conversation, read and written as the user. */
  readonly comments: CommentingAdapter = {
    commentId: { pattern: X_POST_ID, words: 'a post id of 1 to 19 digits' },
    listComments: (call, page) => listXReplies(this.api(call.app), call, page),
    answer: (request) => answerOnX(this.api(request.app), request),
  };
}
