import { applyDecorators, Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiExtraModels, ApiOperation, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { AuthenticatedCustomer } from '../auth';
import { CurrentCustomer } from '../auth';
import { Paginated } from '../common/http/paginated';
import { ResourceIdPipe } from '../common/http/resource-id.pipe';
import { ApiErrors } from '../common/openapi/api-envelope.decorator';
import { ApiResourceId } from '../common/openapi/api-resource-id.decorator';
import { PaginationDto } from '../common/openapi/pagination.dto';
import { ListEventsQuery } from './dto/list-events.query';
import { EVENT_SCAN_LIMIT, EventHistoryService } from './event-history.service';
import { EVENT_RETENTION_DAYS } from './event-retention';
import { WebhookEventBody } from './webhook-payload';

/** A schema of the document's components, or a reference to one. */
type Schema = NonNullable<NonNullable<OpenAPIObject['components']>['schemas']>[string];

/** WebhookEvent: added to the document's components by addWebhookEventSchemas. */
const WEBHOOK_EVENT = { $ref: '#/components/schemas/WebhookEvent' };

/** A success answer whose data is a WebhookEvent, or a page of them. */
function ApiWebhookEventEnvelope(options: { paginated?: boolean } = {}): MethodDecorator {
  const properties: Record<string, Schema> = options.paginated
    ? {
        success: { type: 'boolean', enum: [true] },
        data: { type: 'array', items: WEBHOOK_EVENT },
        pagination: { $ref: getSchemaPath(PaginationDto) },
      }
    : { success: { type: 'boolean', enum: [true] }, data: WEBHOOK_EVENT };
  return applyDecorators(
    ApiExtraModels(PaginationDto),
    ApiResponse({
      status: 200,
      description: 'Success',
      schema: { type: 'object', required: Object.keys(properties), properties },
    }),
  );
}

@ApiTags('Events')
@ApiBearerAuth()
@Controller('events')
export class EventsController {
  constructor(private readonly history: EventHistoryService) {}

  @Get()
  @ApiOperation({
    operationId: 'listEvents',
    summary: 'Every event, oldest first from a cursor',
    description:
      `Every event of the last ${EVENT_RETENTION_DAYS} days, whether its webhook was delivered, failed, is still retrying or was skipped, ` +
      'each as the body the webhook carries. Oldest first after `after` (or `cursor`): an event id; nextCursor is the last event of the page. ' +
      'At the end nextCursor is null: come back later with the id of the last event you read to get every event made since, in order, none skipped. ' +
      'An event is listed once every transaction that started before it has ended (usually at once). ' +
      `A page can be short, or empty, and still carry a nextCursor (at most ${EVENT_SCAN_LIMIT} events are read per request).`,
  })
  @ApiWebhookEventEnvelope({ paginated: true })
  @ApiErrors(400, 401)
  list(
    @CurrentCustomer() caller: AuthenticatedCustomer,
    @Query() query: ListEventsQuery,
  ): Promise<Paginated<WebhookEventBody>> {
    return this.history.list(caller, query);
  }

  @Get(':eventId')
  @ApiOperation({ operationId: 'getEvent', summary: 'One event, as its webhook body' })
  @ApiResourceId('eventId', 'event', 'Event')
  @ApiWebhookEventEnvelope()
  @ApiErrors(401, 404)
  get(
    @CurrentCustomer() caller: AuthenticatedCustomer,
    @Param('eventId', new ResourceIdPipe('event', 'Event')) eventId: string,
  ): Promise<WebhookEventBody> {
    return this.history.get(caller, eventId);
  }
}
