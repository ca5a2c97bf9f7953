import { Controller, Get, Param, Query, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../auth';
import { CommentsService } from '../../comments';
import { ApiException } from '../../common/errors/api-exception';
import type { ErrorCode } from '../../common/errors/error-code';
import { DashboardExceptionFilter } from '../http/dashboard-exception.filter';
import { field } from '../http/form';
import type { FormFields } from '../http/form';
import { sendPage } from '../http/page-reply';
import { PostsReader } from '../readers/posts.reader';
import { CurrentSession } from '../session/current-session.decorator';
import { DashboardSessionGuard } from '../session/dashboard-session.guard';
import type { DashboardSession } from '../session/dashboard-sessions.service';
import { commentsPage, CommentsPageState } from '../views/comments.page';
import { PageContextFactory } from './page-context';

const POST_ID = /^pst_[0-9A-Za-z]{1,40}$/;
const DELIVERY_ID = /^dlv_[0-9A-Za-z]{1,40}$/;
const PAGE_SIZE = 25;
/** Why a network could not be read right now: said on the page, which still shows where it is. */
const NETWORK_READ_FAILURES = new Set<ErrorCode>(['network_unavailable', 'network_rate_limited', 'account_not_active']);

/** A published delivery's comments, read through to its network when the page is asked for. */
@ApiExcludeController()
@Public()
@UseGuards(DashboardSessionGuard)
@UseFilters(DashboardExceptionFilter)
@Controller('dashboard/posts')
export class PostCommentsPageController {
  constructor(
    private readonly posts: PostsReader,
    private readonly comments: CommentsService,
    private readonly pages: PageContextFactory,
  ) {}

  @Get(':id/comments')
  async show(
    @CurrentSession() session: DashboardSession,
    @Param('id') id: string,
    @Query() query: FormFields,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const deliveryId = field(query, 'delivery', 100);
    const cursor = field(query, 'cursor', 1000) || undefined;
    if (!POST_ID.test(id)) throw ApiException.notFound('Post');
    const { view } = await this.posts.get(session.customerId, id);
    const delivery = DELIVERY_ID.test(deliveryId)
      ? view.deliveries.find((candidate) => candidate.id === deliveryId)
      : undefined;
    if (!delivery) throw ApiException.notFound('Delivery');
    const read = await this.read(session.customerId, id, deliveryId, cursor);
    sendPage(reply, commentsPage(this.pages.for(session), { postId: id, delivery, read }));
  }

  private async read(
    customerId: string,
    postId: string,
    deliveryId: string,
    cursor: string | undefined,
  ): Promise<CommentsPageState['read']> {
    try {
      return { page: await this.comments.list(customerId, postId, { deliveryId, cursor, limit: PAGE_SIZE }) };
    } catch (error) {
      if (error instanceof ApiException && NETWORK_READ_FAILURES.has(error.code))
        return { failure: `The comments could not be read: ${error.message}` };
      throw error;
    }
  }
}
