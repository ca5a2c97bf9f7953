import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';
import type { DeliveryErrorCode } from '../common/errors/delivery-error-code';
import { Database } from '../database';
import type { Transaction } from '../database';
import type { WaitCode } from '../posts';
import { JobQueue } from '../queue';
import type { CommentReadState } from './comment-reading';
import {
  BeginRefusal,
  CommentRequest,
  CommentRequestStatus,
  NewCommentRequest,
  SEND_COMMENT_TASK,
  sendCommentJobKey,
} from './comment-request';
import { BEGIN_ATTEMPT_SQL, COMMENT_SCAN_DUE_SQL, KNOWN_THREADS_SQL, SCANNED_DELIVERY_SQL } from './comments.sql';

/** A delivery the comment scan reads, with its post's tenant and its stored read state. */
export interface ScannedDelivery {
  customerId: string;
  postId: string;
  tenantId: string;
  /** Null once the delivery is no longer published. */
  publishedAt: Date | null;
  /** The read state as stored; null before the first read. */
  newestAt: Date | null;
  idsAtNewest: string[] | null;
  backlogCursor: string | null;
  backlogUntil: Date | null;
  backlogIds: string[] | null;
}

interface CommentRequestRow {
  id: string;
  customer_id: string;
  post_id: string;
  delivery_id: string;
  account_id: string;
  text: string;
  reply_to_id: string | null;
  status: CommentRequestStatus;
  attempts: number;
  rate_limit_waits: number;
  platform_comment_id: string | null;
  error_code: string | null;
  error_message: string | null;
  next_attempt_at: Date | null;
  created_at: Date;
  sent_at: Date | null;
}

interface ScannedDeliveryRow {
  customer_id: string;
  post_id: string;
  tenant_id: string;
  published_at: Date | null;
  newest_at: Date | null;
  ids_at_newest: string[] | null;
  backlog_cursor: string | null;
  backlog_until: Date | null;
  backlog_ids: string[] | null;
}

function commentRequest(row: CommentRequestRow): CommentRequest {
  return {
    id: row.id,
    customerId: row.customer_id,
    postId: row.post_id,
    deliveryId: row.delivery_id,
    accountId: row.account_id,
    text: row.text,
    replyToId: row.reply_to_id,
    status: row.status,
    attempts: row.attempts,
    rateLimitWaits: row.rate_limit_waits,
    platformCommentId: row.platform_comment_id,
    errorCode: row.error_code,
    errorMessage: row.error_message,
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}

/**
 * The comments module's tables: the answers asked for (comment_requests; the row is its own record
 * of how far it got, `sending` written before the network is called, and its job is added or moved
 * in the same transaction) and how far the scan has read each delivery's comments
 * (comment_watermarks), with the reads that join them to the deliveries they are about.
 */
@Injectable()
export class CommentsStore {
  private readonly freshBeatMs: number;

  constructor(
    private readonly database: Database,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly jobs: JobQueue,
  ) {
    this.freshBeatMs = Math.floor(config.workerDeadAfterMs / 2);
  }

  /** Writes the request and its job, in the caller's transaction. */
  async insert(transaction: Transaction, request: NewCommentRequest): Promise<CommentRequest> {
    const [row] = await this.database.rows<CommentRequestRow>(
      `INSERT INTO comment_requests (id, customer_id, post_id, delivery_id, account_id, text, reply_to_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
      [
        request.id,
        request.customerId,
        request.postId,
        request.deliveryId,
        request.accountId,
        request.text,
        request.replyToId,
      ],
      transaction,
    );
    await this.jobs.enqueue(transaction, {
      task: SEND_COMMENT_TASK,
      payload: { commentRequestId: request.id },
      jobKey: sendCommentJobKey(request.id),
    });
    return commentRequest(row!);
  }

  /** A customer's request under one of its posts. */
  async find(customerId: string, postId: string, id: string): Promise<CommentRequest | undefined> {
    const [row] = await this.database.rows<CommentRequestRow>(
      'SELECT * FROM comment_requests WHERE id = $1 AND customer_id = $2 AND post_id = $3',
      [id, customerId, postId],
    );
    return row && commentRequest(row);
  }

  /** A customer's requests under one of its posts, newest first (at most `limit`). */
  async forPost(customerId: string, postId: string, limit: number): Promise<CommentRequest[]> {
    const rows = await this.database.rows<CommentRequestRow>(
      'SELECT * FROM comment_requests WHERE customer_id = $1 AND post_id = $2 ORDER BY created_at DESC, id DESC LIMIT $3',
      [customerId, postId, limit],
    );
    return rows.map(commentRequest);
  }

  async byId(id: string): Promise<CommentRequest | undefined> {
    const [row] = await this.database.rows<CommentRequestRow>('SELECT * FROM comment_requests WHERE id = $1', [id]);
    return row && commentRequest(row);
  }

  /**
   * Marks an attempt (`sending`, one more attempt) before the network is called, if the request is
   * still open and `workerId` still holds the account's lane with a fresh heartbeat (the rule of
   * docs/queues.md: a worker taken for dead writes nothing and stops).
   */
  async begin(id: string, workerId: string): Promise<CommentRequest | BeginRefusal> {
    const [row] = await this.database.rows<CommentRequestRow>(BEGIN_ATTEMPT_SQL, [id, workerId, this.freshBeatMs]);
    if (row) return commentRequest(row);
    const current = await this.byId(id);
    return !current || current.status === 'sent' || current.status === 'failed' ? 'final' : 'lost_claim';
  }

  async sent(id: string, platformCommentId: string): Promise<void> {
    await this.database.execute(
      `UPDATE comment_requests SET status = 'sent', platform_comment_id = $2, sent_at = now(), updated_at = now(),
              error_code = NULL, error_message = NULL, next_attempt_at = NULL
        WHERE id = $1 AND status = 'sending'`,
      [id, platformCommentId],
    );
  }

  async failed(id: string, code: DeliveryErrorCode, message: string): Promise<void> {
    await this.database.execute(
      `UPDATE comment_requests SET status = 'failed', error_code = $2, error_message = $3, next_attempt_at = NULL,
              updated_at = now()
        WHERE id = $1 AND status IN ('queued', 'sending')`,
      [id, code, message],
    );
  }

  /**
   * Tries again at `at`: the job is added again with its key (the running one ends), in the same
   * transaction as the row. The row stays `sending` when the network may have made the comment
   * (the next attempt looks first), and says why it waits.
   */
  async retryLater(id: string, retry: { at: Date; code: WaitCode; message: string }): Promise<void> {
    await this.database.transaction(async (transaction) => {
      await this.database.execute(
        `UPDATE comment_requests SET error_code = $2, error_message = $3, next_attempt_at = $4, updated_at = now(),
                rate_limit_waits = rate_limit_waits + CASE WHEN $2 = 'network_unavailable' THEN 0 ELSE 1 END
          WHERE id = $1`,
        [id, retry.code, retry.message, retry.at],
        transaction,
      );
      await this.jobs.enqueue(transaction, {
        task: SEND_COMMENT_TASK,
        payload: { commentRequestId: id },
        jobKey: sendCommentJobKey(id),
        runAt: retry.at,
      });
    });
  }

  /** The account is busy publishing: the job comes back shortly, nothing else changes. */
  async later(id: string, at: Date): Promise<void> {
    await this.database.transaction((transaction) =>
      this.jobs.enqueue(transaction, {
        task: SEND_COMMENT_TASK,
        payload: { commentRequestId: id },
        jobKey: sendCommentJobKey(id),
        runAt: at,
      }),
    );
  }

  /**
   * The deliveries the comment scan reads next (COMMENT_SCAN_DUE_SQL): published within
   * `watchedForMs`, account active, not read for `rescanAfterMs`, customers taking turns.
   */
  async dueForScan(
    due: { watchedForMs: number; rescanAfterMs: number; perCustomer: number; batch: number },
    transaction: Transaction,
  ): Promise<string[]> {
    const rows = await this.database.rows<{ id: string }>(
      COMMENT_SCAN_DUE_SQL,
      [due.watchedForMs, due.rescanAfterMs, due.perCustomer, due.batch],
      transaction,
    );
    return rows.map(({ id }) => id);
  }

  /** The delivery the scan reads, with its read state; undefined when the delivery is gone. */
  async scannedDelivery(deliveryId: string): Promise<ScannedDelivery | undefined> {
    const [row] = await this.database.rows<ScannedDeliveryRow>(SCANNED_DELIVERY_SQL, [deliveryId]);
    return (
      row && {
        customerId: row.customer_id,
        postId: row.post_id,
        tenantId: row.tenant_id,
        publishedAt: row.published_at,
        newestAt: row.newest_at,
        idsAtNewest: row.ids_at_newest,
        backlogCursor: row.backlog_cursor,
        backlogUntil: row.backlog_until,
        backlogIds: row.backlog_ids,
      }
    );
  }

  /** Stores how far the scan has read a delivery's comments, and when it read them. */
  async saveReadState(
    deliveryId: string,
    customerId: string,
    { mark, backlog }: CommentReadState,
    scannedAt: Date,
    transaction?: Transaction,
  ): Promise<void> {
    await this.database.execute(
      `INSERT INTO comment_watermarks
         (delivery_id, customer_id, newest_at, ids_at_newest, scanned_at, backlog_cursor, backlog_until, backlog_ids)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (delivery_id) DO UPDATE
         SET newest_at = excluded.newest_at, ids_at_newest = excluded.ids_at_newest, scanned_at = excluded.scanned_at,
             backlog_cursor = excluded.backlog_cursor, backlog_until = excluded.backlog_until,
             backlog_ids = excluded.backlog_ids`,
      [
        deliveryId,
        customerId,
        new Date(mark.newestAt),
        mark.idsAtNewest,
        scannedAt,
        backlog?.cursor ?? null,
        backlog ? new Date(backlog.until.newestAt) : null,
        backlog?.until.idsAtNewest ?? null,
      ],
      transaction,
    );
  }

  /**
   * The deliveries a network id of the customer's is known to belong to (KNOWN_THREADS_SQL): a
   * published post's object, an answer the service sent, a comment the scan announced.
   */
  async knownThreads(customerId: string, networkId: string, transaction?: Transaction): Promise<Set<string>> {
    const rows = await this.database.rows<{ delivery_id: string | null }>(
      KNOWN_THREADS_SQL,
      [customerId, networkId],
      transaction,
    );
    return new Set(rows.map((row) => row.delivery_id).filter((id): id is string => id !== null));
  }
}
