import { Controller, Get, Param, Query, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../auth';
import { CommentsService } from '../../comments';
import { ApiException } from '../../common/errors/api-exception';
import { MetricsService } from '../../metrics';
import { DeliveryAttemptsService, DeliveryAttemptView, POST_STATUSES } from '../../posts';
import { DashboardExceptionFilter } from '../http/dashboard-exception.filter';
import { tenantFilterValue } from '../http/filters';
import { oneOf } from '../http/form';
import type { FormFields } from '../http/form';
import { sendPage } from '../http/page-reply';
import { POST_PAGE_SIZE, PostsReader } from '../readers/posts.reader';
import { CurrentSession } from '../session/current-session.decorator';
import { DashboardSessionGuard } from '../session/dashboard-session.guard';
import type { DashboardSession } from '../session/dashboard-sessions.service';
import { ANSWERS_SHOWN } from '../views/comments.section';
import { ATTEMPTS_SHOWN } from '../views/attempts.section';
import { postPage, postsPage } from '../views/posts.page';
import { PageContextFactory } from './page-context';

const POST_ID = /^pst_[0-9A-Za-z]{1,40}$/;

@ApiExcludeController()
@Public()
@UseGuards(DashboardSessionGuard)
@UseFilters(DashboardExceptionFilter)
@Controller('dashboard/posts')
export class PostsPageController {
  constructor(
    private readonly posts: PostsReader,
    private readonly pages: PageContextFactory,
    private readonly metrics: MetricsService,
    private readonly comments: CommentsService,
    private readonly attempts: DeliveryAttemptsService,
  ) {}

  @Get()
  async search(
    @CurrentSession() session: DashboardSession,
    @Query() query: FormFields,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const filters = { tenantId: tenantFilterValue(query), status: oneOf(query, 'status', POST_STATUSES) };
    sendPage(
      reply,
      postsPage(this.pages.for(session), {
        posts: await this.posts.search(session.customerId, filters),
        filters,
        limit: POST_PAGE_SIZE,
      }),
    );
  }

  @Get(':id')
  async show(
    @CurrentSession() session: DashboardSession,
    @Param('id') id: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!POST_ID.test(id)) throw ApiException.notFound('Post');
    const detail = await this.posts.get(session.customerId, id);
    // The last metrics read (by the API or the background refresh): showing a page calls no network.
    const metrics = await this.metrics.forPost(session.customerId, id, { refresh: false });
    const answers = await this.comments.requestsForPost(session.customerId, id, ANSWERS_SHOWN);
    const attempts: Record<string, DeliveryAttemptView[]> = {};
    for (const delivery of detail.view.deliveries)
      attempts[delivery.id] = (
        await this.attempts.list(session.customerId, id, delivery.id, { limit: ATTEMPTS_SHOWN })
      ).items;
    sendPage(reply, postPage(this.pages.for(session), detail, { metrics, answers, attempts }));
  }
}
