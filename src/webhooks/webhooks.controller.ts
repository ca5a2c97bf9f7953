import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedCustomer } from '../auth';
import { CurrentCustomer } from '../auth';
import { Clock } from '../common/clock/clock';
import { ResourceIdPipe } from '../common/http/resource-id.pipe';
import { ApiEnvelope, ApiErrors } from '../common/openapi/api-envelope.decorator';
import { ApiResourceId } from '../common/openapi/api-resource-id.decorator';
import { Paginated } from '../common/http/paginated';
import { EventDeliveryView, TestAttemptView } from './dto/event-delivery.view';
import { ListDeliveriesQuery } from './dto/list-deliveries.query';
import { PutWebhookBody } from './dto/put-webhook.body';
import { RotateSecretBody } from './dto/rotate-secret.body';
import { DeletedWebhookView, WebhookView, WebhookWithSecretView } from './dto/webhook.view';
import { WEBHOOK_SIGNING_HEADERS } from './webhook-signing-docs';
import { ROTATION_OVERLAP_SECONDS } from './webhook-secret-policy';
import { WebhookDeliveriesService } from './webhook-deliveries.service';
import { WebhookEndpointsService } from './webhook-endpoints.service';
import { WebhookTestThrottle } from './webhook-test-throttle';

@ApiTags('Webhooks')
@ApiBearerAuth()
@Controller('webhooks')
export class WebhooksController {
  constructor(
    private readonly endpoints: WebhookEndpointsService,
    private readonly deliveries: WebhookDeliveriesService,
    private readonly testThrottle: WebhookTestThrottle,
    private readonly clock: Clock,
  ) {}

  @Put()
  @ApiOperation({
    operationId: 'setWebhook',
    summary: 'Set the webhook endpoint (one per customer)',
    description:
      "Without webhook_secret the service makes one and answers it once as webhookSecret. Setting it again enables an endpoint a 410 disabled and ends a rotation's overlap. " +
      WEBHOOK_SIGNING_HEADERS,
  })
  @ApiEnvelope(WebhookWithSecretView)
  @ApiErrors(400, 401)
  async put(
    @CurrentCustomer() caller: AuthenticatedCustomer,
    @Body() body: PutWebhookBody,
  ): Promise<WebhookWithSecretView> {
    return WebhookWithSecretView.withSecret(
      // null is no secret (the body rules let it through as absent): the service makes one.
      await this.endpoints.put(caller.customerId, body.url, body.webhook_secret ?? undefined, body.events ?? null),
      this.clock.now(),
    );
  }

  @Post('secret/rotate')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'rotateWebhookSecret',
    summary: 'Make a new signing secret; the old one keeps signing for an overlap',
    description:
      'Answers the new secret once as webhookSecret. Until previousSecretExpiresAt (overlapSeconds, default 86400, at most 604800) webhook-signature carries ' +
      'a v1 signature by the new secret and one by the old; X-Service-Signature uses the new one at once. Rotating again during an overlap ends the older secret at once.',
  })
  @ApiEnvelope(WebhookWithSecretView)
  @ApiErrors(400, 401, 404)
  async rotateSecret(
    @CurrentCustomer() caller: AuthenticatedCustomer,
    @Body() body: RotateSecretBody,
  ): Promise<WebhookWithSecretView> {
    return WebhookWithSecretView.withSecret(
      await this.endpoints.rotate(
        caller.customerId,
        RotateSecretBody.overlapOf(body) ?? ROTATION_OVERLAP_SECONDS.default,
      ),
      this.clock.now(),
    );
  }

  @Get()
  @ApiOperation({ operationId: 'getWebhook', summary: 'The webhook endpoint' })
  @ApiEnvelope(WebhookView)
  @ApiErrors(401, 404)
  async get(@CurrentCustomer() caller: AuthenticatedCustomer): Promise<WebhookView> {
    return WebhookView.from(await this.endpoints.get(caller.customerId), this.clock.now());
  }

  @Delete()
  @ApiOperation({
    operationId: 'deleteWebhook',
    summary: 'Remove the webhook endpoint',
    description: 'Events that happen afterwards are recorded as skipped.',
  })
  @ApiEnvelope(DeletedWebhookView)
  @ApiErrors(401, 404)
  async remove(@CurrentCustomer() caller: AuthenticatedCustomer): Promise<DeletedWebhookView> {
    const removed = await this.endpoints.remove(caller.customerId);
    return { url: removed.url, deleted: true };
  }

  @Post('test')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'sendTestWebhookEvent',
    summary: 'Send a webhook.test event now',
    description:
      'One attempt, answered with what it came to; it is also in the delivery log. ' +
      'At most 5 at once per customer and mode, then 5 a minute: past that, 429 `rate_limited` with Retry-After, and nothing is sent.',
  })
  @ApiEnvelope(TestAttemptView)
  @ApiErrors(401, 'webhook_not_configured', 'webhook_disabled', 'webhook_secret_unreadable')
  sendTest(@CurrentCustomer() caller: AuthenticatedCustomer): Promise<TestAttemptView> {
    this.testThrottle.admit(caller.customerId);
    return this.deliveries.sendTest(caller.customerId);
  }

  @Get('deliveries')
  @ApiOperation({ operationId: 'listWebhookEvents', summary: 'Events and their delivery attempts, newest first' })
  @ApiEnvelope(EventDeliveryView, { paginated: true })
  @ApiErrors(400, 401)
  list(
    @CurrentCustomer() caller: AuthenticatedCustomer,
    @Query() query: ListDeliveriesQuery,
  ): Promise<Paginated<EventDeliveryView>> {
    return this.deliveries.list(caller.customerId, query);
  }

  @Post('deliveries/:eventId/resend')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'resendWebhookEvent',
    summary: 'Send an event again',
    description: 'Queued at once, with a new round of retries.',
  })
  @ApiResourceId('eventId', 'event', 'Event')
  @ApiEnvelope(EventDeliveryView, { status: 202 })
  @ApiErrors(401, 404, 'webhook_not_configured', 'webhook_disabled')
  resend(
    @CurrentCustomer() caller: AuthenticatedCustomer,
    @Param('eventId', new ResourceIdPipe('event', 'Event')) eventId: string,
  ): Promise<EventDeliveryView> {
    return this.deliveries.resend(caller.customerId, eventId);
  }
}
