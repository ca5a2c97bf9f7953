import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { ALL_EVENT_TYPES, EVENT_DELIVERY_STATUSES } from '../event-types';
import type { EventDeliveryStatus } from '../event-types';

export class ListDeliveriesQuery {
  @ApiPropertyOptional({ enum: ALL_EVENT_TYPES })
  @IsOptional()
  @IsIn(ALL_EVENT_TYPES, { message: `event must be one of ${ALL_EVENT_TYPES.join(', ')}` })
  event?: string;

  @ApiPropertyOptional({ enum: EVENT_DELIVERY_STATUSES })
  @IsOptional()
  @IsIn(EVENT_DELIVERY_STATUSES, { message: `status must be one of ${EVENT_DELIVERY_STATUSES.join(', ')}` })
  status?: EventDeliveryStatus;

  @ApiPropertyOptional({ example: 20, description: '1-100, default 20' })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value))
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1)
  @Max(100)
  limit?: number;

  @ApiPropertyOptional({ description: 'nextCursor from the previous page' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  cursor?: string;
}
