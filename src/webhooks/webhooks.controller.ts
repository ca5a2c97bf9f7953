import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedCustomer } from '../auth/authenticated-customer';
import { CurrentCustomer } from '../auth/current-customer.decorator';
import { ResourceIdPipe } from '../common/http/resource-id.pipe';
import { ApiEnvelope, ApiErrors } from '../common/openapi/api-envelope.decorator';
import { EventDeliveryView, EventPageView, TestAttemptView } from './dto/event-delivery.view';
import { ListDeliveriesQuery } from './dto/list-deliveries.query';
import { PutWebhookBody } from './dto/put-webhook.body';
import { DeletedWebhookView, WebhookView } from './dto/webhook.view';
import { WebhookDeliveriesService } from './webhook-deliveries.service';
import { WebhookEndpointsService } from './webhook-endpoints.service';

@ApiTags('Webhooks')
@ApiBearerAuth()
@Controller('webhooks')
export class WebhooksController {
  constructor(
    private readonly endpoints: WebhookEndpointsService,
    private readonly deliveries: WebhookDeliveriesService,
  ) {}

  @Put()
  @ApiOperation({
    summary: 'Set the webhook endpoint (one per customer)',
    description: 'Deliveries are signed: X-Service-Signature is the lowercase hex HMAC-SHA256 of the raw body, keyed with webhook_secret. Setting it again enables an endpoint a 410 disabled.',
  })
  @ApiEnvelope(WebhookView)
  @ApiErrors(400, 401)
  async put(@CurrentCustomer() caller: AuthenticatedCustomer, @Body() body: PutWebhookBody): Promise<WebhookView> {
    return WebhookView.from(await this.endpoints.put(caller.customerId, body.url, body.webhook_secret, body.events ?? null));
  }

  @Get()
  @ApiOperation({ summary: 'The webhook endpoint' })
  @ApiEnvelope(WebhookView)
  @ApiErrors(401, 404)
  async get(@CurrentCustomer() caller: AuthenticatedCustomer): Promise<WebhookView> {
    return WebhookView.from(await this.endpoints.get(caller.customerId));
  }

  @Delete()
  @ApiOperation({ summary: 'Remove the webhook endpoint', description: 'Events that happen afterwards are recorded as skipped.' })
  @ApiEnvelope(DeletedWebhookView)
  @ApiErrors(401, 404)
  async remove(@CurrentCustomer() caller: AuthenticatedCustomer): Promise<DeletedWebhookView> {
    const removed = await this.endpoints.remove(caller.customerId);
    return { url: removed.url, deleted: true };
  }

  @Post('test')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a webhook.test event now', description: 'One attempt, answered with what it came to; it is also in the delivery log.' })
  @ApiEnvelope(TestAttemptView)
  @ApiErrors(401, 409)
  sendTest(@CurrentCustomer() caller: AuthenticatedCustomer): Promise<TestAttemptView> {
    return this.deliveries.sendTest(caller.customerId);
  }

  @Get('deliveries')
  @ApiOperation({ summary: 'Events and their delivery attempts, newest first' })
  @ApiEnvelope(EventPageView)
  @ApiErrors(400, 401)
  list(@CurrentCustomer() caller: AuthenticatedCustomer, @Query() query: ListDeliveriesQuery): Promise<EventPageView> {
    return this.deliveries.list(caller.customerId, query);
  }

  @Post('deliveries/:eventId/resend')
  @HttpCode(202)
  @ApiOperation({ summary: 'Send an event again', description: 'Queued at once, with a new round of retries.' })
  @ApiEnvelope(EventDeliveryView, { status: 202 })
  @ApiErrors(401, 404, 409)
  resend(@CurrentCustomer() caller: AuthenticatedCustomer, @Param('eventId', new ResourceIdPipe('event', 'Event')) eventId: string): Promise<EventDeliveryView> {
    return this.deliveries.resend(caller.customerId, eventId);
  }
}
