import { ApiProperty } from '@nestjs/swagger';
import { ACCOUNT_FEATURES } from '../../networks';
import type { MissingPermissions } from '../../networks';
import type { AccountFeature } from '../../networks';
import { ACCOUNT_STATUSES } from '../connected-account.entity';
import type { AccountStatus } from '../connected-account.entity';
import type { ListedAccount } from '../accounts.store';
import { NETWORK_IDS } from '../../networks';
import { TENANT_ID_PATTERN } from '../../common/tenant-id';

/** A feature of the service the account cannot use, and what the network would have to grant. */
export class MissingPermissionsView {
  @ApiProperty({ enum: ACCOUNT_FEATURES, enumName: 'AccountFeature', example: 'thread' })
  feature!: AccountFeature;

  @ApiProperty({
    type: [String],
    description: 'The permissions it lacks, as the network names them; reconnecting the account asks for them again',
    example: ['pages_manage_engagement'],
  })
  permissions!: string[];
}

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

  @ApiProperty({
    type: [String],
    description: 'The permissions the network granted the service for this account, as the network names them',
    example: ['pages_show_list', 'pages_read_engagement', 'pages_manage_posts'],
  })
  permissions!: string[];

  @ApiProperty({
    type: [MissingPermissionsView],
    description:
      'What the account cannot be used for because a permission was declined or taken back, with the permissions ' +
      'that would allow it; empty when nothing is missing. A post, comment or metric that needs one is refused ' +
      'with `permission_missing` before anything is sent.',
  })
  missingPermissions!: MissingPermissionsView[];

  /** An account as the list read it (its time already ISO 8601), with what its grant lacks on its network. */
  static fromListed(account: ListedAccount, missingPermissions: MissingPermissions[]): AccountView {
    return {
      id: account.id,
      platform: account.platform,
      username: account.username,
      nickname: account.nickname,
      status: account.status,
      tenantId: account.tenantId,
      avatarUrl: account.avatarUrl,
      connectedAt: account.connectedAt,
      permissions: account.permissions,
      missingPermissions,
    };
  }
}

export class DisconnectedAccountView {
  @ApiProperty({ example: 'acc_3kTMd9fQe2xV7bLp1sWq0Z' })
  id!: string;

  @ApiProperty({ enum: ['disconnected'], example: 'disconnected' })
  status!: 'disconnected';
}
