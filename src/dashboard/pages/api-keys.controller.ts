import { Body, Controller, Get, Param, Post, Query, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CustomerKeysService, KeyWithMode } from '../../auth';
import { Public } from '../../auth';
import { ApiException } from '../../common/errors/api-exception';
import { DashboardExceptionFilter } from '../http/dashboard-exception.filter';
import { doneNotice } from '../http/done-notice';
import { field, oneOf } from '../http/form';
import type { FormFields } from '../http/form';
import { redirectTo, sendPage } from '../http/page-reply';
import { ROUTES } from '../routes';
import { CurrentSession } from '../session/current-session.decorator';
import { DashboardSessionGuard } from '../session/dashboard-session.guard';
import type { DashboardSession } from '../session/dashboard-sessions.service';
import { apiKeysPage, revokeKeyPage } from '../views/api-keys.page';
import { CUSTOMER_MODES } from '../../customers';
import { PageContextFactory } from './page-context';

const KEY_ID = /^key_[0-9A-Za-z]{1,40}$/;
const DONE = { revoked: 'The key is revoked.' } as const;

@ApiExcludeController()
@Public()
@UseGuards(DashboardSessionGuard)
@UseFilters(DashboardExceptionFilter)
@Controller('dashboard/api-keys')
export class ApiKeysController {
  constructor(
    private readonly keys: CustomerKeysService,
    private readonly pages: PageContextFactory,
  ) {}

  @Get()
  async list(
    @CurrentSession() session: DashboardSession,
    @Query() query: FormFields,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const done = doneNotice(query, DONE);
    sendPage(reply, apiKeysPage(this.pages.for(session), { keys: await this.keys.list(session.liveCustomerId), done }));
  }

  @Post()
  async create(
    @CurrentSession() session: DashboardSession,
    @Body() body: FormFields,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const name = field(body, 'name', 100);
    // The signed-in user's customer is the live one; a test key makes its test world if need be.
    const mode = oneOf(body, 'mode', CUSTOMER_MODES) ?? 'live';
    const created = await this.keys.create(session.liveCustomerId, mode, name || undefined);
    // Answered directly, not redirected: the key exists only in this answer.
    sendPage(
      reply,
      apiKeysPage(this.pages.for(session), { keys: await this.keys.list(session.liveCustomerId), created }),
      201,
    );
  }

  @Get(':id/revoke')
  async confirmRevoke(
    @CurrentSession() session: DashboardSession,
    @Param('id') id: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    sendPage(reply, revokeKeyPage(this.pages.for(session), await this.ownKey(session, id)));
  }

  @Post(':id/revoke')
  async revoke(
    @CurrentSession() session: DashboardSession,
    @Param('id') id: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.keys.revoke(session.liveCustomerId, keyId(id));
    redirectTo(reply, `${ROUTES.apiKeys}?done=revoked`);
  }

  /** A key of the customer's live or test world; 404 for anyone else's. */
  private ownKey(session: DashboardSession, id: string): Promise<KeyWithMode> {
    return this.keys.get(session.liveCustomerId, keyId(id));
  }
}

/** A path segment shaped like a key id; anything else is as unknown as another customer's key. */
function keyId(id: string): string {
  if (!KEY_ID.test(id)) throw ApiException.notFound('API key');
  return id;
}
