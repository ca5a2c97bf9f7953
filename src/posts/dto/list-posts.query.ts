import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PageQuery } from '../../common/http/page.query';
import { IsOptionalTenantId, TENANT_ID_PATTERN } from '../../common/tenant-id';
import { POST_STATUSES } from '../post-status';
import type { PostStatus } from '../post-status';

export class ListPostsQuery extends PageQuery {
  @ApiPropertyOptional({
    example: 'tenant-42',
    pattern: TENANT_ID_PATTERN.source,
    description: "Only this tenant's posts; without it, the posts of every tenant",
  })
  @IsOptionalTenantId()
  tenantId?: string;

  @ApiPropertyOptional({ enum: POST_STATUSES, enumName: 'PostStatus' })
  @IsOptional()
  @IsIn(POST_STATUSES, { message: `status must be one of ${POST_STATUSES.join(', ')}` })
  status?: PostStatus;
}
