import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { IsTenantId } from '../../common/tenant-id';
import { ACCOUNT_STATUSES } from '../connected-account.entity';
import type { AccountStatus } from '../connected-account.entity';

export class ListAccountsQuery {
  @ApiProperty({ description: 'The tenant whose accounts to list', example: 'tenant-42' })
  @IsTenantId()
  tenantId!: string;

  @ApiPropertyOptional({
    enum: ACCOUNT_STATUSES,
    description: 'Only accounts in this status. Without it: active and expired accounts (not disconnected ones).',
  })
  @IsOptional()
  @IsIn(ACCOUNT_STATUSES, { message: `status must be one of ${ACCOUNT_STATUSES.join(', ')}` })
  status?: AccountStatus;
}
