import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedCustomer } from '../../auth';
import { CurrentCustomer } from '../../auth';
import { ResourceIdPipe } from '../../common/http/resource-id.pipe';
import { ApiEnvelope, ApiErrors } from '../../common/openapi/api-envelope.decorator';
import { ApiResourceId } from '../../common/openapi/api-resource-id.decorator';
import { PostView } from '../dto/post.view';
import { DeliveryRetryService } from './delivery-retry.service';

/** POST /posts/:id/deliveries/:deliveryId/retry (its own controller: the posts controller is about posts). */
@ApiTags('Posts')
@ApiBearerAuth()
@Controller('posts')
export class DeliveryRetryController {
  constructor(private readonly retries: DeliveryRetryService) {}

  @Post(':id/deliveries/:deliveryId/retry')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'retryDelivery',
    summary: 'Publish a failed delivery again',
    description:
      'Makes a `failed` delivery due again (after reconnecting its account, or fixing its media) and answers the post ' +
      '(202): the delivery is `pending`, or `publishing` when an earlier attempt had begun. Such an attempt first looks ' +
      'on the network for the post the failed delivery may already have made (a worker cut off mid-call, an answer ' +
      'lost on the way back) and adopts it: the post is never published twice. The retry has the attempts of a new ' +
      'delivery (its `attempts` start again from 0), and ends with post.published or post.failed as any delivery; ' +
      'post.completed is recorded again when the post is complete again. A delivery that is not `failed` (a retry ' +
      'already accepted included) is refused with 409 `delivery_not_failed`; an expired or disconnected account with ' +
      '409 `account_not_active`.',
  })
  @ApiResourceId('id', 'post', 'Post')
  @ApiResourceId('deliveryId', 'delivery', 'Delivery')
  @ApiEnvelope(PostView, { status: 202 })
  @ApiErrors(401, 404, 'delivery_not_failed', 'account_not_active')
  retry(
    @CurrentCustomer() caller: AuthenticatedCustomer,
    @Param('id', new ResourceIdPipe('post', 'Post')) id: string,
    @Param('deliveryId', new ResourceIdPipe('delivery', 'Delivery')) deliveryId: string,
  ): Promise<PostView> {
    return this.retries.retry(caller.customerId, id, deliveryId);
  }
}
