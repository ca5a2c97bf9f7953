import { ApiProperty } from '@nestjs/swagger';
import { DELIVERY_ERROR_CODES } from '../../common/errors/delivery-error-code';

export class CommentView {
  @ApiProperty({
    example: '1866000000000000001',
    description: "The network's id of the comment (an X reply's tweet id)",
  })
  id!: string;

  @ApiProperty({ example: 'When does it ship?' })
  text!: string;

  @ApiProperty({ nullable: true, type: String, example: '2244994945' })
  authorId!: string | null;

  @ApiProperty({ nullable: true, type: String, example: 'jane_doe' })
  authorName!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({
    nullable: true,
    type: String,
    description: 'The comment this one answers; null when it is directly under the post',
  })
  replyToId!: string | null;

  @ApiProperty({ description: 'Written by the connected account itself (an answer of yours)' })
  own!: boolean;
}

export class CommentRequestErrorView {
  @ApiProperty({ enum: DELIVERY_ERROR_CODES, enumName: 'DeliveryErrorCode', example: 'network_unavailable' })
  code!: string;

  @ApiProperty({ example: 'The network failed for a moment' })
  message!: string;
}

export const COMMENT_REQUEST_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;

export class CommentRequestView {
  @ApiProperty({ example: 'cmr_4Fk2…' })
  id!: string;

  @ApiProperty({ example: 'pst_2Hq…' })
  postId!: string;

  @ApiProperty({ example: 'dlv_7Qm2d…' })
  deliveryId!: string;

  @ApiProperty({ example: 'Thanks for asking! It ships on Monday.' })
  text!: string;

  @ApiProperty({ nullable: true, type: String })
  replyToId!: string | null;

  @ApiProperty({
    enum: COMMENT_REQUEST_STATUSES,
    enumName: 'CommentRequestStatus',
    description: 'queued (waiting for the worker or its next attempt), sending, then sent or failed',
  })
  status!: string;

  @ApiProperty({ nullable: true, type: String, description: "The network's id of the answer, once sent" })
  platformCommentId!: string | null;

  @ApiProperty({ type: 'integer', minimum: 0, example: 1 })
  attempts!: number;

  @ApiProperty({ type: CommentRequestErrorView, nullable: true })
  error!: CommentRequestErrorView | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ nullable: true, type: String, format: 'date-time' })
  sentAt!: string | null;
}
