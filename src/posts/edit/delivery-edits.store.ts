import { Injectable } from '@nestjs/common';
import { Database } from '../../database';
import type { Transaction } from '../../database';
import type { PublishProgress } from '../../networks';
import { Delivery } from '../delivery.entity';
import { DeliveryEdit, DeliveryEditError } from './delivery-edit';

/**
 * The deliveries' `edit` column: an edit asked for, sent, made or refused. Each write after the
 * request is guarded by `edit.status = 'requested'`, so the outcome is written once.
 */
@Injectable()
export class DeliveryEditsStore {
  constructor(private readonly database: Database) {}

  findById(id: string, transaction?: Transaction): Promise<Delivery | null> {
    return this.database.repository(Delivery, transaction).findOne({ where: { id } });
  }

  /** Sets the delivery's edit (a new request, or a refusal made at once), in the caller's transaction. */
  async set(id: string, edit: DeliveryEdit, transaction: Transaction): Promise<void> {
    await this.database.execute(
      `UPDATE deliveries SET edit = $2::jsonb, updated_at = now() WHERE id = $1`,
      [id, JSON.stringify(edit)],
      transaction,
    );
  }

  /** Written just before the network is called (see DeliveryEdit.sentAt); false when no edit is requested any more. */
  async markSent(id: string, at: Date): Promise<boolean> {
    const changed = await this.database.rows<{ id: string }>(
      `UPDATE deliveries SET edit = edit || jsonb_build_object('sentAt', $2::text), updated_at = now()
        WHERE id = $1 AND edit->>'status' = 'requested' RETURNING id`,
      [id, at.toISOString()],
    );
    return changed.length > 0;
  }

  /**
   * The network took the edit: the delivery's post id becomes the one the edit gave (X's new
   * version), its progress what the adapter kept; false when the edit was not requested any more.
   */
  async edited(
    id: string,
    outcome: { platformPostId: string; progress: PublishProgress | undefined; at: Date },
    transaction: Transaction,
  ): Promise<boolean> {
    const changed = await this.database.rows<{ id: string }>(
      `UPDATE deliveries
          SET edit = edit || jsonb_build_object('status', 'edited', 'editedAt', $2::text, 'error', NULL, 'sentAt', NULL,
                                                'edits', coalesce((edit->>'edits')::int, 0) + 1),
              platform_post_id = $3, progress = coalesce($4::jsonb, progress), updated_at = now()
        WHERE id = $1 AND edit->>'status' = 'requested' RETURNING id`,
      [
        id,
        outcome.at.toISOString(),
        outcome.platformPostId,
        outcome.progress ? JSON.stringify(outcome.progress) : null,
      ],
      transaction,
    );
    return changed.length > 0;
  }

  /** The edit was refused (by the network, or the account could not call it); false when it was not requested any more. */
  async failed(id: string, error: DeliveryEditError, transaction: Transaction): Promise<boolean> {
    const changed = await this.database.rows<{ id: string }>(
      `UPDATE deliveries
          SET edit = edit || jsonb_build_object('status', 'failed', 'error', $2::jsonb, 'sentAt', NULL), updated_at = now()
        WHERE id = $1 AND edit->>'status' = 'requested' RETURNING id`,
      [id, JSON.stringify(error)],
      transaction,
    );
    return changed.length > 0;
  }
}
