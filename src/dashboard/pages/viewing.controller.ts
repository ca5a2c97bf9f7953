import { Body, Controller, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../auth';
import { CUSTOMER_MODES } from '../../customers';
import { TestWorldsService } from '../../customers';
import { DashboardExceptionFilter } from '../http/dashboard-exception.filter';
import { field, oneOf } from '../http/form';
import type { FormFields } from '../http/form';
import { redirectTo } from '../http/page-reply';
import { ROUTES } from '../routes';
import { CurrentSession } from '../session/current-session.decorator';
import { DashboardCookies } from '../session/dashboard-cookies';
import { DashboardSessionGuard } from '../session/dashboard-session.guard';
import { DashboardSessionsService } from '../session/dashboard-sessions.service';
import type { DashboardSession } from '../session/dashboard-sessions.service';

/** The pages the switch may send the browser back to: a section's own page, nothing else. */
const SECTIONS: readonly string[] = [
  ROUTES.overview,
  ROUTES.apiKeys,
  ROUTES.oauth,
  ROUTES.webhook,
  ROUTES.accounts,
  ROUTES.posts,
];

/**
 * The Live / Test switch: the session looks at the customer's live data or at its test world
 * (made now if it has none yet), then the browser goes back to the section it was on.
 */
@ApiExcludeController()
@Public()
@UseGuards(DashboardSessionGuard)
@UseFilters(DashboardExceptionFilter)
@Controller('dashboard/viewing')
export class ViewingController {
  constructor(
    private readonly sessions: DashboardSessionsService,
    private readonly cookies: DashboardCookies,
    private readonly testWorlds: TestWorldsService,
  ) {}

  @Post()
  async switch(
    @CurrentSession() session: DashboardSession,
    @Req() request: FastifyRequest,
    @Body() body: FormFields,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const viewing = oneOf(body, 'viewing', CUSTOMER_MODES) ?? 'live';
    if (viewing === 'test') await this.testWorlds.testWorldOf(session.liveCustomerId);
    await this.sessions.view(this.cookies.session(request), viewing);
    const back = field(body, 'back', 100);
    redirectTo(reply, SECTIONS.includes(back) ? back : ROUTES.overview);
  }
}
