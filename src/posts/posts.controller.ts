import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedCustomer } from '../auth';
import { CurrentCustomer } from '../auth';
import { ResourceIdPipe } from '../common/http/resource-id.pipe';
import { ApiEnvelope, ApiErrors } from '../common/openapi/api-envelope.decorator';
import { ApiResourceId } from '../common/openapi/api-resource-id.decorator';
import { CreatePostBody } from './dto/create-post.body';
import { ListPostsQuery } from './dto/list-posts.query';
import { Paginated } from '../common/http/paginated';
import { PostView } from './dto/post.view';
import { PostVerdictView } from './dto/post-verdict.view';
import { PostsService } from './posts.service';
import { PostEditor } from './post-editor';
import { PatchPostBody } from './dto/patch-post.body';
import { UnpublishService } from './unpublish/unpublish.service';
import { UnpublishView } from './unpublish/unpublish-outcome.view';
import { ApiIdempotencyKey, checkedIdempotencyKey } from './idempotency-key-header';

@ApiTags('Posts')
@ApiBearerAuth()
@Controller('posts')
export class PostsController {
  constructor(
    private readonly posts: PostsService,
    private readonly unpublisher: UnpublishService,
    private readonly editor: PostEditor,
  ) {}

  @Post()
  @ApiOperation({
    operationId: 'createPost',
    summary: 'Publish a post to connected accounts',
    description:
      'Accepted posts are published by the queue (202). Each account gets a delivery, published at most once. ' +
      'With an Idempotency-Key, the same key and body within 24 hours returns the first answer and creates nothing; another body is a 409.',
  })
  @ApiIdempotencyKey()
  @ApiEnvelope(PostView, { status: 202 })
  @ApiErrors(400, 401, 'idempotency_key_reused', 'idempotency_key_in_use', 422)
  async create(
    @CurrentCustomer() caller: AuthenticatedCustomer,
    @Body() body: CreatePostBody,
    @Headers('idempotency-key') key: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PostView> {
    const created = await this.posts.create(caller.customerId, body, checkedIdempotencyKey(key));
    void reply.status(created.status);
    return created.body;
  }

  // Declared before the routes taking a post id, so that `validate` is never read as one.
  @Post('validate')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'validatePost',
    summary: 'Check a post without publishing it (dry run)',
    description:
      'Takes the body of POST /api/v1/posts and answers 200 with a verdict: `valid`, the problems of the whole post ' +
      "(scheduledAt, media URLs) and, per account, its own state and its network's content rules, each with `field`, " +
      '`rule` and `message`. A body POST /posts would refuse with a 422, or with a 400 for a media URL or scheduledAt, ' +
      'is a verdict here; a body of the wrong shape (a missing or mistyped field) is still a 400 validation_failed. ' +
      'Each media URL is also fetched (its first byte, within 5 s, with the same address checks); one that does not ' +
      'give its file is a `media_url_unreachable` entry in `warnings`, which never makes the post invalid. ' +
      'Nothing is written, queued or sent; an Idempotency-Key is ignored.',
  })
  @ApiEnvelope(PostVerdictView)
  @ApiErrors(400, 401, 413, 415)
  validate(@CurrentCustomer() caller: AuthenticatedCustomer, @Body() body: CreatePostBody): Promise<PostVerdictView> {
    return this.posts.validate(caller.customerId, body);
  }

  @Get()
  @ApiOperation({
    operationId: 'listPosts',
    summary: "The customer's posts (of one tenant with `tenantId`), newest first",
    description:
      'Without `tenantId`, the posts of every tenant of the customer. ' +
      'With `status`, one request reads at most `limit` + 500 posts: when that is spent before the page is full, the page ' +
      'is answered short (even empty) with a `pagination.nextCursor` after the last post read. Follow `nextCursor` until it is null.',
  })
  @ApiEnvelope(PostView, { paginated: true })
  @ApiErrors(400, 401)
  list(@CurrentCustomer() caller: AuthenticatedCustomer, @Query() query: ListPostsQuery): Promise<Paginated<PostView>> {
    return this.posts.list(caller.customerId, query);
  }

  @Get(':id')
  @ApiOperation({ operationId: 'getPost', summary: 'A post with every delivery' })
  @ApiResourceId('id', 'post', 'Post')
  @ApiEnvelope(PostView)
  @ApiErrors(401, 404)
  get(
    @CurrentCustomer() caller: AuthenticatedCustomer,
    @Param('id', new ResourceIdPipe('post', 'Post')) id: string,
  ): Promise<PostView> {
    return this.posts.get(caller.customerId, id);
  }

  @Delete(':id')
  @ApiOperation({
    operationId: 'cancelPost',
    summary: 'Cancel the deliveries not yet published',
    description: 'Published deliveries stay on the network.',
  })
  @ApiResourceId('id', 'post', 'Post')
  @ApiEnvelope(PostView)
  @ApiErrors(401, 404)
  cancel(
    @CurrentCustomer() caller: AuthenticatedCustomer,
    @Param('id', new ResourceIdPipe('post', 'Post')) id: string,
  ): Promise<PostView> {
    return this.posts.cancel(caller.customerId, id);
  }

  @Patch(':id')
  @ApiOperation({
    operationId: 'updatePost',
    summary: 'Edit a post: anything before it publishes, its text after',
    description:
      'Changes `containers`, `options`, `accountOverrides`, `accounts` or `scheduledAt` (null: publish as soon as ' +
      'accepted) of a draft or of a post none of whose deliveries has started; each field given replaces the ' +
      "post's. The post the patch makes is checked exactly as POST /api/v1/posts checks a new one (400, 422). When a " +
      'delivery has started (a worker has claimed it, it was tried, or it is in flight or final), nothing is ' +
      'changed: 409 `post_delivery_started`, whose `details` name each such delivery. The check and the write are ' +
      "one transaction that holds off claims on the post's accounts, so an edit never races publishing: a 200 " +
      'means every delivery publishes the edited post. An accepted edit records a post.updated event.\n\n' +
      '**Once a delivery is published**, only the text can change (`containers[0].content`; any other field or ' +
      'container changed: 409 `post_published_field_not_editable`, naming each), and only when no delivery is in ' +
      'flight (409 `post_delivery_started`) nor has an edit still being sent (409 `post_edit_in_progress`). The ' +
      'answer is 202: deliveries not yet published take the new text; each published delivery whose text changes ' +
      "shows its `edit`: `requested` where its network edits (Facebook: a Page post's message; LinkedIn: the " +
      "commentary; X: within 30 minutes of posting, at most 5 times, for an account with a paid subscription: X's " +
      "edit gives a new post id, which becomes the delivery's platformPostId), sent once by a worker, its outcome " +
      'then on the delivery and in a post.edited event; at once `not_supported` (edit_not_supported: Instagram, ' +
      'Threads, Bluesky, TikTok, YouTube, Pinterest) or `failed` (edit_window_closed, edit_requires_subscription, ' +
      'edit_limit_reached), nothing sent. With an Idempotency-Key, as on POST /api/v1/posts.',
  })
  @ApiResourceId('id', 'post', 'Post')
  @ApiIdempotencyKey()
  @ApiEnvelope(PostView)
  @ApiEnvelope(PostView, { status: 202 })
  @ApiErrors(
    400,
    401,
    404,
    'post_delivery_started',
    'post_not_editable',
    'post_published_field_not_editable',
    'post_edit_in_progress',
    'idempotency_key_reused',
    'idempotency_key_in_use',
    422,
  )
  async update(
    @CurrentCustomer() caller: AuthenticatedCustomer,
    @Param('id', new ResourceIdPipe('post', 'Post')) id: string,
    @Body() body: PatchPostBody,
    @Headers('idempotency-key') key: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PostView> {
    const updated = await this.editor.patch(caller.customerId, id, body, checkedIdempotencyKey(key));
    void reply.status(updated.status);
    return updated.body;
  }

  @Post(':id/validate')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'validatePostPatch',
    summary: 'Check an edit of a post without making it (dry run)',
    description:
      'Takes the body of PATCH /api/v1/posts/{id} and answers the verdict of POST /api/v1/posts/validate for the ' +
      'whole post the patch would make; a delivery that has started (so PATCH would answer 409) is a ' +
      '`delivery_started` problem of the post. Of a published post, as PATCH checks an edit after publishing: ' +
      'the text as a new post (schedule aside), `delivery_started` for a delivery in flight, `edit_in_progress` ' +
      'for an edit still being sent, `published_field_not_editable` for each other field changed. Nothing is written.',
  })
  @ApiResourceId('id', 'post', 'Post')
  @ApiEnvelope(PostVerdictView)
  @ApiErrors(400, 401, 404, 'post_not_editable')
  validatePatch(
    @CurrentCustomer() caller: AuthenticatedCustomer,
    @Param('id', new ResourceIdPipe('post', 'Post')) id: string,
    @Body() body: PatchPostBody,
  ): Promise<PostVerdictView> {
    return this.editor.validatePatch(caller.customerId, id, body);
  }

  @Post(':id/publish')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'publishDraft',
    summary: 'Publish a draft',
    description:
      'Publishes a draft now, or at the `scheduledAt` it carries; it is checked again as a new post at this moment ' +
      '(400, 422: a scheduledAt now past, an account expired since), and records a post.updated event (`fields`: ' +
      '`draft`). 409 `post_not_draft` when the post is not a draft. With an Idempotency-Key, as on POST ' +
      '/api/v1/posts: a call repeated with the same key (a lost answer) answers the first answer instead of the 409.',
  })
  @ApiResourceId('id', 'post', 'Post')
  @ApiIdempotencyKey()
  @ApiEnvelope(PostView, { status: 202 })
  @ApiErrors(
    400,
    401,
    404,
    'post_not_draft',
    'post_not_editable',
    'idempotency_key_reused',
    'idempotency_key_in_use',
    422,
  )
  async publish(
    @CurrentCustomer() caller: AuthenticatedCustomer,
    @Param('id', new ResourceIdPipe('post', 'Post')) id: string,
    @Headers('idempotency-key') key: string | undefined,
  ): Promise<PostView> {
    return (await this.editor.publish(caller.customerId, id, checkedIdempotencyKey(key))).body;
  }

  @Post(':id/unpublish')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'unpublishPost',
    summary: 'Take a post down from the networks',
    description:
      'Deliveries not yet started are canceled; published ones on a network that can delete (Facebook, X, Instagram ' +
      'through Facebook Login) become `deleting` and are deleted by the queue (retried, rate limits honoured), each ' +
      'with a post.deleted event, then are `deleted`. A network that cannot delete (Instagram through Instagram Login) ' +
      'leaves its delivery as it was, with the outcome `not_supported` and the code unpublish_not_supported. Safe to ' +
      'repeat: what is deleted stays deleted.',
  })
  @ApiResourceId('id', 'post', 'Post')
  @ApiEnvelope(UnpublishView, { status: 202 })
  @ApiErrors(401, 404)
  unpublish(
    @CurrentCustomer() caller: AuthenticatedCustomer,
    @Param('id', new ResourceIdPipe('post', 'Post')) id: string,
  ): Promise<UnpublishView> {
    return this.unpublisher.unpublish(caller.customerId, id);
  }
}
