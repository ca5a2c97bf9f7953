import { Body, Controller, Get, Headers, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedCustomer } from '../auth';
import { CurrentCustomer } from '../auth';
import { ResourceIdPipe } from '../common/http/resource-id.pipe';
import { ApiEnvelope, ApiErrors } from '../common/openapi/api-envelope.decorator';
import { ApiResourceId } from '../common/openapi/api-resource-id.decorator';
import { CommentsService } from './comments.service';
import { CreateCommentBody } from './dto/create-comment.body';
import { Paginated } from '../common/http/paginated';
import { CommentRequestView, CommentView } from './dto/comment.view';
import { ListCommentsQuery } from './dto/list-comments.query';
import { ApiIdempotencyKey, checkedIdempotencyKey } from '../posts';

@ApiTags('Posts')
@ApiBearerAuth()
@Controller('posts')
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  @Get(':id/comments')
  @ApiOperation({
    operationId: 'listComments',
    summary: 'The comments under a published delivery, newest first',
    description:
      'Read from the network on each request, answers to comments included (Facebook comments at every level, ' +
      'Instagram comments with their replies, X replies in the conversation; X searches the last 7 days). ' +
      'An Instagram page holds up to `limit` comments and their replies (25 nested in each, up to 200 more per page). `pagination.nextCursor` wraps the network’s own cursor.',
  })
  @ApiResourceId('id', 'post', 'Post')
  @ApiEnvelope(CommentView, { paginated: true })
  @ApiErrors(
    400,
    401,
    404,
    'delivery_not_published',
    'account_not_active',
    'network_unavailable',
    'network_rate_limited',
  )
  list(
    @CurrentCustomer() caller: AuthenticatedCustomer,
    @Param('id', new ResourceIdPipe('post', 'Post')) id: string,
    @Query() query: ListCommentsQuery,
  ): Promise<Paginated<CommentView>> {
    return this.comments.list(caller.customerId, id, query);
  }

  @Post(':id/comments')
  @ApiOperation({
    operationId: 'createComment',
    summary: 'Answer under a published delivery, as the account',
    description:
      'Queued (202) and sent by the worker with the guarantees of publishing: at most once on the network, retried on ' +
      "the network's trouble, rate limits waited out. `replyToId` answers a comment (from GET …/comments): it must have " +
      "the shape of the network's comment ids (400 otherwise), and one the service knows to be under another delivery " +
      'is refused with 422 `reply_not_in_thread`, before anything is sent. ' +
      'GET /posts/{id}/comment-requests/{requestId} shows the outcome. With an Idempotency-Key, the same key and body ' +
      'within 24 hours returns the first answer and queues nothing; another body is a 409.',
  })
  @ApiResourceId('id', 'post', 'Post')
  @ApiIdempotencyKey()
  @ApiEnvelope(CommentRequestView, { status: 202 })
  @ApiErrors(
    400,
    401,
    404,
    'delivery_not_published',
    'account_not_active',
    'idempotency_key_reused',
    'idempotency_key_in_use',
    422,
    'reply_not_in_thread',
  )
  async create(
    @CurrentCustomer() caller: AuthenticatedCustomer,
    @Param('id', new ResourceIdPipe('post', 'Post')) id: string,
    @Body() body: CreateCommentBody,
    @Headers('idempotency-key') key: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CommentRequestView> {
    const created = await this.comments.create(caller.customerId, id, body, checkedIdempotencyKey(key));
    void reply.status(created.status);
    return created.body;
  }

  @Get(':id/comment-requests/:requestId')
  @ApiOperation({ operationId: 'getCommentRequest', summary: 'An answer queued with POST …/comments, and its outcome' })
  @ApiResourceId('id', 'post', 'Post')
  @ApiResourceId('requestId', 'commentRequest', 'Comment request')
  @ApiEnvelope(CommentRequestView)
  @ApiErrors(401, 404)
  get(
    @CurrentCustomer() caller: AuthenticatedCustomer,
    @Param('id', new ResourceIdPipe('post', 'Post')) id: string,
    @Param('requestId', new ResourceIdPipe('commentRequest', 'Comment request')) requestId: string,
  ): Promise<CommentRequestView> {
    return this.comments.get(caller.customerId, id, requestId);
  }
}
