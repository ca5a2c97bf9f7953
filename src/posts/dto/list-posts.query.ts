import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PageQuery } from '../../common/http/page.query';
import { IsTenantId } from '../../common/tenant-id';
import { POST_STATUSES } from '../post-status';
import type { PostStatus } from '../post-status';

export class ListPostsQuery extends PageQuery {
  @ApiProperty({ example: 'tenant-42' })
  @IsTenantId()
  tenantId!: string;

  @ApiPropertyOptional({ enum: POST_STATUSES })
  @IsOptional()
  @IsIn(POST_STATUSES, { message: `status must be one of ${POST_STATUSES.join(', ')}` })
  status?: PostStatus;
}
