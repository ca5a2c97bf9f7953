import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PageQuery } from '../../common/http/page.query';
import { ALL_EVENT_TYPES, EVENT_DELIVERY_STATUSES } from '../event-types';
import type { EventDeliveryStatus } from '../event-types';

export class ListDeliveriesQuery extends PageQuery {
  @ApiPropertyOptional({ enum: ALL_EVENT_TYPES, enumName: 'WebhookEventType' })
  @IsOptional()
  @IsIn(ALL_EVENT_TYPES, { message: `event must be one of ${ALL_EVENT_TYPES.join(', ')}` })
  event?: string;

  @ApiPropertyOptional({ enum: EVENT_DELIVERY_STATUSES, enumName: 'EventDeliveryStatus' })
  @IsOptional()
  @IsIn(EVENT_DELIVERY_STATUSES, { message: `status must be one of ${EVENT_DELIVERY_STATUSES.join(', ')}` })
  status?: EventDeliveryStatus;
}
