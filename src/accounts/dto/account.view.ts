import { ApiProperty } from '@nestjs/swagger';
import { ACCOUNT_STATUSES, ConnectedAccount } from '../connected-account.entity';
import type { AccountStatus } from '../connected-account.entity';
import type { ListedAccount } from '../accounts.repository';
import { NETWORK_IDS } from '../../networks/network-names';
import { TENANT_ID_PATTERN } from '../../common/tenant-id';

/** A connected account as the API shows it: never a token. */
export class AccountView {
  @ApiProperty({ example: 'acc_3kTMd9fQe2xV7bLp1sWq0Z' })
  id!: string;

  @ApiProperty({ enum: NETWORK_IDS, enumName: 'Network', example: 'x' })
  platform!: string;

  @ApiProperty({ description: 'Handle on the network', example: 'acme' })
  username!: string;

  @ApiProperty({ description: 'Display name', example: 'Acme Inc.' })
  nickname!: string;

  @ApiProperty({ enum: ACCOUNT_STATUSES, enumName: 'AccountStatus', example: 'active' })
  status!: AccountStatus;

  @ApiProperty({ example: 'tenant-42', pattern: TENANT_ID_PATTERN.source })
  tenantId!: string;

  @ApiProperty({ nullable: true, type: String, example: 'https://pbs.example/avatar.jpg' })
  avatarUrl!: string | null;

  @ApiProperty({ format: 'date-time', example: '2026-11-21T19:30:00.000Z' })
  connectedAt!: string;

  static from(account: ConnectedAccount): AccountView {
    return AccountView.fromListed({ ...account, connectedAt: account.connectedAt.toISOString() });
  }

  /** An account as the list read it (already in the view's shape, its time already ISO 8601). */
  static fromListed(account: ListedAccount): AccountView {
    return {
      id: account.id,
      platform: account.platform,
      username: account.username,
      nickname: account.nickname,
      status: account.status,
      tenantId: account.tenantId,
      avatarUrl: account.avatarUrl,
      connectedAt: account.connectedAt,
    };
  }
}

export class DisconnectedAccountView {
  @ApiProperty({ example: 'acc_3kTMd9fQe2xV7bLp1sWq0Z' })
  id!: string;

  @ApiProperty({ enum: ['disconnected'], example: 'disconnected' })
  status!: 'disconnected';
}
