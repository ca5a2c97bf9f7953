import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { ApiException } from '../common/errors/api-exception';
import { Database } from '../database';
import { newId } from '../common/ids';
import { safeNetworkMessage } from '../networks';
import { NetworkError } from '../networks';
import { claimIdempotencyKey, requestHash } from '../posts';
import { PostsStore } from '../posts';
import { decodeCommentCursor, encodeCommentCursor } from './comment-cursor';
import { commentRequestView } from './comment-request-view';
import { AccountCallRunner } from '../accounts';
import { commentsCall } from './comments-call';
import { CommentsStore } from './comments.store';
import { CreateCommentBody } from './dto/create-comment.body';
import { Paginated } from '../common/http/paginated';
import { CommentRequestView, CommentView } from './dto/comment.view';
import { ListCommentsQuery } from './dto/list-comments.query';
import { PublishedDeliveries } from './published-delivery';
import { checkReplyTarget } from './reply-target';
import { inNetworkOperation } from '../observability';

const DEFAULT_LIMIT = 25;
const ACCEPTED = 202;
/** The content rules of a network that apply to an answer's text (media rules do not). */
const TEXT_RULES = new Set(['text_too_long', 'text_invalid_characters']);

export interface CreatedCommentRequest {
  status: number;
  body: CommentRequestView;
}

/**
 * Comments under a published delivery: read through to the network on each request (our cursor
 * wrapping the network's), and answered through the worker (CommentsStore, SendCommentTask).
 */
@Injectable()
export class CommentsService {
  constructor(
    private readonly database: Database,
    private readonly deliveries: PublishedDeliveries,
    private readonly runner: AccountCallRunner,
    private readonly store: CommentsStore,
    private readonly clock: Clock,
    private readonly posts: PostsStore,
  ) {}

  async list(customerId: string, postId: string, query: ListCommentsQuery): Promise<Paginated<CommentView>> {
    const networkCursor = query.cursor ? decodeCommentCursor(query.cursor, query.deliveryId) : undefined;
    const target = await this.deliveries.find(customerId, postId, query.deliveryId, 'read_comments');
    // The stored tokens as they are: a request holds no lane, so it never spends a rotating refresh token.
    const result = await this.runner.call({
      account: target.account,
      tokens: 'stored',
      call: inNetworkOperation('comments', (access) =>
        target.comments.listComments(commentsCall(target, access), {
          limit: query.limit ?? DEFAULT_LIMIT,
          cursor: networkCursor,
        }),
      ),
    });
    if (result.kind !== 'done') throw this.readFailure(result.error);
    const page = result.value;
    return new Paginated(page.comments, {
      nextCursor: page.next ? encodeCommentCursor(query.deliveryId, page.next) : null,
    });
  }

  /** Queues an answer (202); with an Idempotency-Key, the same key and body answer the first request again. */
  async create(
    customerId: string,
    postId: string,
    body: CreateCommentBody,
    idempotencyKey: string | undefined,
  ): Promise<CreatedCommentRequest> {
    return this.database.transaction(async (transaction) => {
      if (idempotencyKey) {
        const hash = requestHash({ comment: { postId, ...body } });
        const claim = await claimIdempotencyKey(this.posts, customerId, idempotencyKey, hash, transaction);
        if (claim.kind === 'replay') return { status: claim.status, body: claim.body as CommentRequestView };
      }
      const target = await this.deliveries.find(customerId, postId, body.deliveryId, 'answer_comments');
      // The network's rules and the account's own (an X reply past 280 needs a long-post subscription).
      const parts = [{ text: body.text, media: [] }];
      const problems = [
        ...target.adapter.validate(parts),
        ...(target.adapter.accountContentProblems?.(parts, target.account.networkTraits ?? {}) ?? []),
      ].filter((problem) => TEXT_RULES.has(problem.rule));
      if (problems.length)
        throw new ApiException(
          'unprocessable_content',
          `${target.adapter.displayName} would refuse this text`,
          problems.map((problem) => ({ field: 'text', message: problem.message })),
        );
      await checkReplyTarget(this.store, customerId, target, body.replyToId, transaction);
      const row = await this.store.insert(transaction, {
        id: newId('commentRequest'),
        customerId,
        postId,
        deliveryId: target.delivery.id,
        accountId: target.account.id,
        text: body.text,
        replyToId: body.replyToId ?? null,
      });
      const view = commentRequestView(row);
      if (idempotencyKey)
        await this.posts.storeIdempotentResponse(customerId, idempotencyKey, ACCEPTED, view, transaction);
      return { status: ACCEPTED, body: view };
    });
  }

  async get(customerId: string, postId: string, requestId: string): Promise<CommentRequestView> {
    const row = await this.store.find(customerId, postId, requestId);
    if (!row) throw ApiException.notFound('Comment request');
    return commentRequestView(row);
  }

  /** The answers asked for under a post, newest first: what the dashboard shows beside the network's comments. */
  async requestsForPost(customerId: string, postId: string, limit: number): Promise<CommentRequestView[]> {
    return (await this.store.forPost(customerId, postId, limit)).map(commentRequestView);
  }

  private readFailure(error: NetworkError): ApiException {
    if (error.kind === 'rate_limited') {
      const now = this.clock.now().getTime();
      const seconds = Math.max(1, Math.ceil(((error.details.retryAt?.getTime() ?? now) - now) / 1000));
      return new ApiException(
        'network_rate_limited',
        "The network's rate limit for this account is reached",
        undefined,
        undefined,
        { 'Retry-After': String(seconds) },
      );
    }
    if (error.kind === 'auth_expired')
      return new ApiException('account_not_active', 'The network no longer accepts the account token; reconnect it');
    return new ApiException(
      'network_unavailable',
      `The network could not be read: ${safeNetworkMessage(error.message)}`,
    );
  }
}
