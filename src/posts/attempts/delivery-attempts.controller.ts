import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedCustomer } from '../../auth';
import { CurrentCustomer } from '../../auth';
import { Paginated } from '../../common/http/paginated';
import { PageQuery } from '../../common/http/page.query';
import { ResourceIdPipe } from '../../common/http/resource-id.pipe';
import { ApiEnvelope, ApiErrors } from '../../common/openapi/api-envelope.decorator';
import { ApiResourceId } from '../../common/openapi/api-resource-id.decorator';
import { ATTEMPTS_KEPT } from './attempt-rows.sql';
import { DeliveryAttemptView } from './delivery-attempt.view';
import { DeliveryAttemptsService } from './delivery-attempts.service';

/** GET /posts/:id/deliveries/:deliveryId/attempts: a delivery's trace, attempt by attempt. */
@ApiTags('Posts')
@ApiBearerAuth()
@Controller('posts')
export class DeliveryAttemptsController {
  constructor(private readonly attempts: DeliveryAttemptsService) {}

  @Get(':id/deliveries/:deliveryId/attempts')
  @ApiOperation({
    operationId: 'listDeliveryAttempts',
    summary: "A delivery's attempts, oldest first",
    description:
      'Each finished attempt to publish the delivery: when it started and ended, the worker that made it, the calls made ' +
      'to the network (what for, the method and path with ids as {id}, the status, how long; never a token, a query or a ' +
      'body), the steps the network confirmed, how it ended (published, failed with its code, or retry_later) and, when ' +
      'the delivery waited, why (a rate limit with its reset time, a usage cap, media still processing, a backoff) and ' +
      'until when; `summary` says it in plain words. An attempt still running, or whose worker stopped, has no entry: ' +
      'the next one counts it in `unfinishedBefore`. ' +
      `The last ${ATTEMPTS_KEPT} attempts of a delivery are kept; they are deleted with the delivery.`,
  })
  @ApiResourceId('id', 'post', 'Post')
  @ApiResourceId('deliveryId', 'delivery', 'Delivery')
  @ApiEnvelope(DeliveryAttemptView, { paginated: true })
  @ApiErrors(400, 401, 404)
  list(
    @CurrentCustomer() caller: AuthenticatedCustomer,
    @Param('id', new ResourceIdPipe('post', 'Post')) id: string,
    @Param('deliveryId', new ResourceIdPipe('delivery', 'Delivery')) deliveryId: string,
    @Query() query: PageQuery,
  ): Promise<Paginated<DeliveryAttemptView>> {
    return this.attempts.list(caller.customerId, id, deliveryId, query);
  }
}
