import { Controller, Get, Param, Post, Query, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AccountView } from '../../accounts';
import { ACCOUNT_STATUSES } from '../../accounts';
import { AccountsService } from '../../accounts';
import { AccountViews } from '../../accounts';
import { Public } from '../../auth';
import { ApiException } from '../../common/errors/api-exception';
import { DashboardExceptionFilter } from '../http/dashboard-exception.filter';
import { tenantFilterValue } from '../http/filters';
import { field, oneOf } from '../http/form';
import type { FormFields } from '../http/form';
import { redirectTo, sendPage } from '../http/page-reply';
import { ACCOUNT_PAGE_SIZE, AccountsReader } from '../readers/accounts.reader';
import { ROUTES } from '../routes';
import { CurrentSession } from '../session/current-session.decorator';
import { DashboardSessionGuard } from '../session/dashboard-session.guard';
import type { DashboardSession } from '../session/dashboard-sessions.service';
import { accountPage, accountsPage, disconnectAccountPage } from '../views/accounts.page';
import { PageContextFactory } from './page-context';

const ACCOUNT_ID = /^acc_[0-9A-Za-z]{1,40}$/;

@ApiExcludeController()
@Public()
@UseGuards(DashboardSessionGuard)
@UseFilters(DashboardExceptionFilter)
@Controller('dashboard/accounts')
export class AccountsPageController {
  constructor(
    private readonly reader: AccountsReader,
    private readonly accounts: AccountsService,
    private readonly views: AccountViews,
    private readonly pages: PageContextFactory,
  ) {}

  @Get()
  async search(
    @CurrentSession() session: DashboardSession,
    @Query() query: FormFields,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const filters = { tenantId: tenantFilterValue(query), status: oneOf(query, 'status', ACCOUNT_STATUSES) };
    const done = field(query, 'done', 20) === 'disconnected' ? 'The account is disconnected.' : undefined;
    sendPage(
      reply,
      accountsPage(this.pages.for(session), {
        accounts: (await this.reader.search(session.customerId, filters)).map((account) =>
          this.views.ofListed(account),
        ),
        filters,
        limit: ACCOUNT_PAGE_SIZE,
        done,
      }),
    );
  }

  @Get(':id')
  async show(
    @CurrentSession() session: DashboardSession,
    @Param('id') id: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    sendPage(reply, accountPage(this.pages.for(session), await this.account(session, id)));
  }

  @Get(':id/disconnect')
  async confirmDisconnect(
    @CurrentSession() session: DashboardSession,
    @Param('id') id: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    sendPage(reply, disconnectAccountPage(this.pages.for(session), await this.account(session, id)));
  }

  @Post(':id/disconnect')
  async disconnect(
    @CurrentSession() session: DashboardSession,
    @Param('id') id: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.accounts.disconnect(session.customerId, (await this.account(session, id)).id);
    redirectTo(reply, `${ROUTES.accounts}?done=disconnected`);
  }

  private async account(session: DashboardSession, id: string): Promise<AccountView> {
    if (!ACCOUNT_ID.test(id)) throw ApiException.notFound('Account');
    return this.views.of(await this.accounts.get(session.customerId, id));
  }
}
