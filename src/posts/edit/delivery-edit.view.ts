import { ApiProperty } from '@nestjs/swagger';
import { DELIVERY_ERROR_CODES } from '../../common/errors/delivery-error-code';
import { EDIT_STATUSES } from './delivery-edit';
import type { DeliveryEdit, EditStatus } from './delivery-edit';

/** Why an edit was not made (a delivery error code). Its own class: post.view.ts imports this file. */
export class DeliveryEditErrorView {
  @ApiProperty({ enum: DELIVERY_ERROR_CODES, enumName: 'DeliveryErrorCode', example: 'edit_window_closed' })
  code!: string;

  @ApiProperty({ example: "X lets a post be edited within 30 minutes of posting; this one's window closed at …" })
  message!: string;
}

/** A published delivery's edit, as GET /posts/:id shows it. */
export class DeliveryEditView {
  @ApiProperty({
    enum: EDIT_STATUSES,
    enumName: 'EditStatus',
    description:
      'requested: queued, the worker sends it (post.edited follows); edited: the network shows the new text; failed: ' +
      "refused, by the network's rules before anything was sent (edit_window_closed, edit_requires_subscription, " +
      'edit_limit_reached) or by the network itself (edit_failed); not_supported: the network keeps a published post ' +
      'as it is (edit_not_supported), nothing was sent',
  })
  status!: EditStatus;

  @ApiProperty({
    description: 'The text asked for (the first container, as the patch made it)',
    example: 'Fresh bread, every morning!',
  })
  text!: string;

  @ApiProperty({ format: 'date-time' })
  requestedAt!: string;

  @ApiProperty({ nullable: true, type: String, format: 'date-time', description: 'When the network took the edit' })
  editedAt!: string | null;

  @ApiProperty({ type: DeliveryEditErrorView, nullable: true, description: 'Why it was not made; null otherwise' })
  error!: DeliveryEditErrorView | null;

  @ApiProperty({
    description:
      "The network's id of the post as first published. X gives each edit a new id: the delivery's platformPostId " +
      'is then the newest version, and this the first of its edit history',
    example: '1866000000000000000',
  })
  originalPlatformPostId!: string;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Edits the network took for this delivery', example: 1 })
  edits!: number;
}

export function deliveryEditView(edit: DeliveryEdit): DeliveryEditView {
  return {
    status: edit.status,
    text: edit.text,
    requestedAt: edit.requestedAt,
    editedAt: edit.editedAt,
    error: edit.error ? { code: edit.error.code, message: edit.error.message } : null,
    originalPlatformPostId: edit.originalPlatformPostId,
    edits: edit.edits,
  };
}
