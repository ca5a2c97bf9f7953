import { Controller, Delete, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedCustomer } from '../auth';
import { CurrentCustomer } from '../auth';
import { Paginated } from '../common/http/paginated';
import { ResourceIdPipe } from '../common/http/resource-id.pipe';
import { ApiEnvelope, ApiErrors } from '../common/openapi/api-envelope.decorator';
import { ApiResourceId } from '../common/openapi/api-resource-id.decorator';
import { AccountBoardsService } from './account-boards.service';
import { AccountsService } from './accounts.service';
import { AccountViews } from './account-views';
import { AccountBoardsView } from './dto/account-boards.view';
import { AccountView, DisconnectedAccountView } from './dto/account.view';
import { ListAccountsQuery } from './dto/list-accounts.query';

@ApiTags('Accounts')
@ApiBearerAuth()
@Controller('social-accounts')
export class AccountsController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly views: AccountViews,
    private readonly boards: AccountBoardsService,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'listAccounts',
    summary: "List a tenant's connected accounts",
    description:
      "One page at a time, in the order the accounts were first connected. `data` is the page's accounts; while " +
      '`pagination.nextCursor` is not null, pass it as `cursor` (with the same tenantId and status) for the next page.',
  })
  @ApiEnvelope(AccountView, { paginated: true })
  @ApiErrors(400, 401)
  async list(
    @CurrentCustomer() caller: AuthenticatedCustomer,
    @Query() query: ListAccountsQuery,
  ): Promise<Paginated<AccountView>> {
    const { accounts, nextCursor } = await this.accounts.list(caller.customerId, query);
    return new Paginated(
      accounts.map((account) => this.views.ofListed(account)),
      { nextCursor },
    );
  }

  @Get(':id/boards')
  @ApiOperation({
    operationId: 'listAccountBoards',
    summary: "List an account's boards and their sections",
    description:
      'The places on the account a post must name (a Pinterest board, and a section of it), read from the network ' +
      "now, for a client to pick one: put the board's id in `options.<network>.<option>` and a section's in " +
      '`options.<network>.<sectionOption>`. An account whose network has none answers 409 `boards_not_supported`.',
  })
  @ApiResourceId('id', 'account', 'Account')
  @ApiEnvelope(AccountBoardsView)
  @ApiErrors(401, 404, 'boards_not_supported', 'account_not_active', 'network_unavailable', 'network_rate_limited')
  listBoards(
    @CurrentCustomer() caller: AuthenticatedCustomer,
    @Param('id', new ResourceIdPipe('account', 'Account')) id: string,
  ): Promise<AccountBoardsView> {
    return this.boards.list(caller.customerId, id);
  }

  @Delete(':id')
  @ApiOperation({
    operationId: 'disconnectAccount',
    summary: 'Disconnect an account',
    description: 'Revokes the connection and wipes the stored network tokens. Disconnecting twice answers the same.',
  })
  @ApiResourceId('id', 'account', 'Account')
  @ApiEnvelope(DisconnectedAccountView)
  @ApiErrors(401, 404, 'account_busy')
  disconnect(
    @CurrentCustomer() caller: AuthenticatedCustomer,
    @Param('id', new ResourceIdPipe('account', 'Account')) id: string,
  ): Promise<DisconnectedAccountView> {
    return this.accounts.disconnect(caller.customerId, id);
  }
}
