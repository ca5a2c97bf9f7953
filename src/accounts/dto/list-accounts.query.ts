import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { wholeNumberFromQuery } from '../../common/http/page.query';
import { IsTenantId, TENANT_ID_PATTERN } from '../../common/tenant-id';
import { ACCOUNT_STATUSES } from '../connected-account.entity';
import type { AccountStatus } from '../connected-account.entity';

/** Page sizes of the account list. The default is large so most tenants fit on one page, as before the list had pages. */
export const ACCOUNT_PAGE_LIMIT = { default: 100, max: 500 } as const;

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${ACCOUNT_PAGE_LIMIT.max}`;

export class ListAccountsQuery {
  @ApiProperty({
    description: 'The tenant whose accounts to list',
    example: 'tenant-42',
    pattern: TENANT_ID_PATTERN.source,
  })
  @IsTenantId()
  tenantId!: string;

  @ApiPropertyOptional({
    enum: ACCOUNT_STATUSES,
    enumName: 'AccountStatus',
    description: 'Only accounts in this status. Without it: active and expired accounts (not disconnected ones).',
  })
  @IsOptional()
  @IsIn(ACCOUNT_STATUSES, { message: `status must be one of ${ACCOUNT_STATUSES.join(', ')}` })
  status?: AccountStatus;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: ACCOUNT_PAGE_LIMIT.max,
    default: ACCOUNT_PAGE_LIMIT.default,
    example: 50,
    description: `Accounts per page: 1-${ACCOUNT_PAGE_LIMIT.max}, default ${ACCOUNT_PAGE_LIMIT.default}`,
  })
  @IsOptional()
  @Transform(wholeNumberFromQuery)
  @IsInt({ message: LIMIT_MESSAGE })
  @Min(1, { message: LIMIT_MESSAGE })
  @Max(ACCOUNT_PAGE_LIMIT.max, { message: LIMIT_MESSAGE })
  limit?: number;

  @ApiPropertyOptional({
    maxLength: 200,
    description:
      '`pagination.nextCursor` of the previous page, as given (opaque). Without it: the first page. Pages run oldest account first.',
  })
  @IsOptional()
  // Decorators run bottom-up, and only the first rule broken is reported: "must be a string" first.
  @MaxLength(200, { message: 'cursor is not one this API gave out' })
  @IsString({ message: 'cursor must be a string' })
  cursor?: string;
}
