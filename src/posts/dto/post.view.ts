import { ApiProperty } from '@nestjs/swagger';
import { DELIVERY_STATUSES } from '../delivery.entity';
import type { DeliveryStatus } from '../delivery.entity';
import { POST_STATUSES } from '../post-status';
import type { PostStatus } from '../post-status';
import { NETWORK_IDS } from '../../networks';
import { DELIVERY_ERROR_CODES } from '../../common/errors/delivery-error-code';
import { DeliveryEditView } from '../edit/delivery-edit.view';

export class DeliveryErrorView {
  @ApiProperty({ enum: DELIVERY_ERROR_CODES, enumName: 'DeliveryErrorCode', example: 'token_expired' })
  code!: string;

  @ApiProperty({ example: 'The account must be reconnected' })
  message!: string;
}

export class DeliveryView {
  @ApiProperty({ example: 'dlv_7Qm2d…' })
  id!: string;

  @ApiProperty({ example: 'acc_3kTMd9fQe2xV7bLp1sWq0Z' })
  accountId!: string;

  @ApiProperty({ enum: NETWORK_IDS, enumName: 'Network', example: 'x' })
  platform!: string;

  @ApiProperty({
    enum: DELIVERY_STATUSES,
    enumName: 'DeliveryStatus',
    description:
      'scheduled or pending (waiting for its time or its next attempt), publishing, then published, failed or canceled; ' +
      'once unpublished, deleting (its delete is queued) then deleted',
  })
  status!: DeliveryStatus;

  @ApiProperty({ nullable: true, type: String, example: '1866000000000000000' })
  platformPostId!: string | null;

  @ApiProperty({ nullable: true, type: String, example: 'https://x.com/acme/status/1866000000000000000' })
  permalink!: string | null;

  @ApiProperty({ type: 'integer', minimum: 0, example: 1 })
  attempts!: number;

  @ApiProperty({
    type: DeliveryErrorView,
    nullable: true,
    description:
      'Why it failed, why it is still pending (rate_limited, usage_capped, network_unavailable) or why its unpublish ' +
      'failed (unpublish_failed); null otherwise',
  })
  error!: DeliveryErrorView | null;

  @ApiProperty({ nullable: true, type: String, format: 'date-time' })
  publishedAt!: string | null;

  @ApiProperty({
    nullable: true,
    type: String,
    format: 'date-time',
    description: 'When the network confirmed the delete (POST /posts/{id}/unpublish)',
  })
  deletedAt!: string | null;

  @ApiProperty({
    type: DeliveryEditView,
    nullable: true,
    description:
      'The edit of its text after publishing (PATCH /api/v1/posts/{id} of a published post); null when it was never edited',
  })
  edit!: DeliveryEditView | null;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    example: { replySettings: 'following' },
    description:
      "The network options this delivery was accepted with: options.<network> with the account override's on top; {} when none",
  })
  options!: Record<string, unknown>;
}

export class PostView {
  @ApiProperty({ example: 'pst_2Hq…' })
  id!: string;

  @ApiProperty({ enum: POST_STATUSES, enumName: 'PostStatus', description: "Summed up from the deliveries' statuses" })
  status!: PostStatus;

  @ApiProperty({ example: 'tenant-42' })
  tenantId!: string;

  @ApiProperty({ nullable: true, type: String, format: 'date-time' })
  scheduledAt!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: [DeliveryView] })
  deliveries!: DeliveryView[];
}
