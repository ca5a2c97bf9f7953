import { Controller, Get, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../auth';
import { DashboardExceptionFilter } from '../http/dashboard-exception.filter';
import { sendPage } from '../http/page-reply';
import { ChartsReader } from '../readers/charts.reader';
import { OverviewReader } from '../readers/overview.reader';
import { CurrentSession } from '../session/current-session.decorator';
import { DashboardSessionGuard } from '../session/dashboard-session.guard';
import type { DashboardSession } from '../session/dashboard-sessions.service';
import { overviewPage } from '../views/overview.page';
import { PageContextFactory } from './page-context';

/** The dashboard's home, at the server's root. */
@ApiExcludeController()
@Public()
@UseGuards(DashboardSessionGuard)
@UseFilters(DashboardExceptionFilter)
@Controller()
export class OverviewController {
  constructor(
    private readonly overview: OverviewReader,
    private readonly charts: ChartsReader,
    private readonly pages: PageContextFactory,
  ) {}

  @Get()
  async show(@CurrentSession() session: DashboardSession, @Res() reply: FastifyReply): Promise<void> {
    const [overview, charts] = await Promise.all([
      this.overview.read(session.customerId),
      this.charts.read(session.customerId),
    ]);
    sendPage(reply, overviewPage(this.pages.for(session), overview, charts));
  }
}
