import { ApiProperty } from '@nestjs/swagger';
import { NETWORK_IDS } from '../../networks';
import { DELIVERY_ERROR_MEANINGS } from '../../common/errors/delivery-error-code';
import { DeliveryErrorView, PostView } from '../dto/post.view';

export const UNPUBLISH_OUTCOMES = [
  'deleting',
  'deleted',
  'canceled',
  'not_supported',
  'publishing',
  'not_published',
] as const;
export type UnpublishOutcome = (typeof UNPUBLISH_OUTCOMES)[number];

/** The error of a delivery whose network cannot delete (a delivery code, not an API error). */
export const NOT_SUPPORTED: DeliveryErrorView = {
  code: 'unpublish_not_supported',
  message: DELIVERY_ERROR_MEANINGS.unpublish_not_supported,
};

export class DeliveryUnpublishView {
  @ApiProperty({ example: 'dlv_7Qm2d…' })
  deliveryId!: string;

  @ApiProperty({ enum: NETWORK_IDS, enumName: 'Network', example: 'x' })
  platform!: string;

  @ApiProperty({
    enum: UNPUBLISH_OUTCOMES,
    enumName: 'UnpublishOutcome',
    description:
      'deleting: its delete is queued (post.deleted follows); deleted: already taken down; canceled: it had not gone out ' +
      'and never will; not_supported: its network cannot delete with the login used (Instagram Login; error says so, ' +
      'nothing changed); publishing: it is being ' +
      'published right now, unpublish again once it is published; not_published: it failed or was canceled, nothing to take down',
  })
  outcome!: UnpublishOutcome;

  @ApiProperty({
    type: DeliveryErrorView,
    nullable: true,
    description: 'Why it was not taken down (not_supported: unpublish_not_supported)',
  })
  error!: DeliveryErrorView | null;
}

export class UnpublishView {
  @ApiProperty({ type: PostView, description: 'The post after the request: deliveries being deleted are `deleting`' })
  post!: PostView;

  @ApiProperty({ type: [DeliveryUnpublishView] })
  deliveries!: DeliveryUnpublishView[];
}
