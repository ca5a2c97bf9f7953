import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import type { DeliveryErrorCode } from '../common/errors/delivery-error-code';
import type { WaitCode } from '../posts/retry-policy';
import { JobQueue } from '../queue/job-queue';

/** The graphile-worker task that sends one answer. */
export const SEND_COMMENT_TASK = 'send-comment';

export const sendCommentJobKey = (requestId: string) => `comment:${requestId}`;

export type CommentRequestStatus = 'queued' | 'sending' | 'sent' | 'failed';

export interface CommentRequestRow {
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

export type NewCommentRequest = Pick<
  CommentRequestRow,
  'id' | 'customer_id' | 'post_id' | 'delivery_id' | 'account_id' | 'text' | 'reply_to_id'
>;

/** Why an attempt could not begin. */
export type BeginRefusal = 'final' | 'lost_claim';

/**
 * The answers' data access: the request row is its own record of how far it got (`sending` is
 * written before the network is called), and its job is added or moved in the same transaction.
 */
@Injectable()
export class CommentRequestStore {
  private readonly freshBeatMs: number;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly jobs: JobQueue,
  ) {
    this.freshBeatMs = Math.floor(config.workerDeadAfterMs / 2);
  }

  /** Writes the request and its job, in the caller's transaction. */
  async insert(transaction: EntityManager, request: NewCommentRequest): Promise<CommentRequestRow> {
    const [row] = (await transaction.query(
      `INSERT INTO comment_requests (id, customer_id, post_id, delivery_id, account_id, text, reply_to_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
      [
        request.id,
        request.customer_id,
        request.post_id,
        request.delivery_id,
        request.account_id,
        request.text,
        request.reply_to_id,
      ],
    )) as CommentRequestRow[];
    await this.jobs.enqueue(transaction, {
      task: SEND_COMMENT_TASK,
      payload: { commentRequestId: request.id },
      jobKey: sendCommentJobKey(request.id),
    });
    return row!;
  }

  /** A customer's request under one of its posts. */
  async find(customerId: string, postId: string, id: string): Promise<CommentRequestRow | undefined> {
    const [row] = (await this.dataSource.query(
      'SELECT * FROM comment_requests WHERE id = $1 AND customer_id = $2 AND post_id = $3',
      [id, customerId, postId],
    )) as CommentRequestRow[];
    return row;
  }

  /** A customer's requests under one of its posts, newest first (at most `limit`). */
  async forPost(customerId: string, postId: string, limit: number): Promise<CommentRequestRow[]> {
    return (await this.dataSource.query(
      'SELECT * FROM comment_requests WHERE customer_id = $1 AND post_id = $2 ORDER BY created_at DESC, id DESC LIMIT $3',
      [customerId, postId, limit],
    )) as CommentRequestRow[];
  }

  async byId(id: string): Promise<CommentRequestRow | undefined> {
    const [row] = (await this.dataSource.query('SELECT * FROM comment_requests WHERE id = $1', [
      id,
    ])) as CommentRequestRow[];
    return row;
  }

  /**
   * Marks an attempt (`sending`, one more attempt) before the network is called, if the request is
   * still open and `workerId` still holds the account's lane with a fresh heartbeat (the rule of
   * docs/queues.md: a worker taken for dead writes nothing and stops).
   */
  async begin(id: string, workerId: string): Promise<CommentRequestRow | BeginRefusal> {
    // An UPDATE answers [rows, count] through TypeORM.
    const [[row]] = (await this.dataSource.query(
      `UPDATE comment_requests r SET status = 'sending', attempts = attempts + 1, updated_at = now()
        WHERE r.id = $1 AND r.status IN ('queued', 'sending')
          AND EXISTS (SELECT 1 FROM publish_lanes l JOIN worker_heartbeats h ON h.worker_id = l.claimed_by
                       WHERE l.account_id = r.account_id AND l.claimed_by = $2
                         AND h.beat_at > now() - $3 * interval '1 millisecond')
        RETURNING *`,
      [id, workerId, this.freshBeatMs],
    )) as [CommentRequestRow[], number];
    if (row) return row;
    const current = await this.byId(id);
    return !current || current.status === 'sent' || current.status === 'failed' ? 'final' : 'lost_claim';
  }

  async sent(id: string, platformCommentId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE comment_requests SET status = 'sent', platform_comment_id = $2, sent_at = now(), updated_at = now(),
              error_code = NULL, error_message = NULL, next_attempt_at = NULL
        WHERE id = $1 AND status = 'sending'`,
      [id, platformCommentId],
    );
  }

  async failed(id: string, code: DeliveryErrorCode, message: string): Promise<void> {
    await this.dataSource.query(
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
    await this.dataSource.transaction(async (transaction) => {
      await transaction.query(
        `UPDATE comment_requests SET error_code = $2, error_message = $3, next_attempt_at = $4, updated_at = now(),
                rate_limit_waits = rate_limit_waits + CASE WHEN $2 = 'network_unavailable' THEN 0 ELSE 1 END
          WHERE id = $1`,
        [id, retry.code, retry.message, retry.at],
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
    await this.jobs.enqueue(this.dataSource.manager, {
      task: SEND_COMMENT_TASK,
      payload: { commentRequestId: id },
      jobKey: sendCommentJobKey(id),
      runAt: at,
    });
  }
}
