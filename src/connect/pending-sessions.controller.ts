import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { AccountView } from '../accounts';
import { AccountViews } from '../accounts';
import type { AuthenticatedCustomer } from '../auth';
import { CurrentCustomer } from '../auth';
import { ApiException } from '../common/errors/api-exception';
import { ApiEnvelope, ApiErrors } from '../common/openapi/api-envelope.decorator';
import { FinalizeSessionBody } from './dto/finalize-session.body';
import { PendingSessionView } from './dto/pending-session.view';
import { PendingSessionsService } from './pending-sessions.service';

const SESSION_TOKEN = /^ps_[0-9A-Za-z]{20,60}$/;

const SessionParam = () =>
  ApiParam({
    name: 'session',
    description: 'The `session` parameter your redirect URL received (anything else is a 404)',
    schema: { type: 'string', pattern: SESSION_TOKEN.source },
  });

/** A malformed token cannot name a session: the same 404 as an unknown one. */
function checkedToken(token: string): string {
  if (!SESSION_TOKEN.test(token)) throw ApiException.notFound('Pending session');
  return token;
}

@ApiTags('Connect')
@ApiBearerAuth()
@Controller('social-accounts/pending')
export class PendingSessionsController {
  constructor(
    private readonly sessions: PendingSessionsService,
    private readonly views: AccountViews,
  ) {}

  @Get(':session')
  @ApiOperation({
    operationId: 'getPendingSession',
    summary: 'The pages or profiles the user may connect',
    description: 'Valid for 30 minutes after the user came back.',
  })
  @SessionParam()
  @ApiEnvelope(PendingSessionView)
  @ApiErrors(401, 404, 'session_already_finalized')
  view(@CurrentCustomer() caller: AuthenticatedCustomer, @Param('session') token: string): Promise<PendingSessionView> {
    return this.sessions.view(caller.customerId, checkedToken(token));
  }

  @Post(':session/finalize')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'finalizePendingSession',
    summary: 'Connect the selected pages',
    description:
      'Creates the connected accounts (a reconnect of the same network account for the same tenant keeps its id) and sends account.connected ' +
      'for each. The session can be finalized once.',
  })
  @SessionParam()
  @ApiEnvelope(AccountView, { isArray: true })
  @ApiErrors(400, 401, 404, 'session_already_finalized')
  async finalize(
    @CurrentCustomer() caller: AuthenticatedCustomer,
    @Param('session') token: string,
    @Body() body: FinalizeSessionBody,
  ): Promise<AccountView[]> {
    const accounts = await this.sessions.finalize(caller.customerId, checkedToken(token), body.selectedPageIds);
    return accounts.map((account) => this.views.of(account));
  }
}
