import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, Not } from 'typeorm';
import { AccountsStore } from '../accounts';
import { ConnectedAccount } from '../accounts';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';
import { Database } from '../database';
import { fromPrefixedRow, prefixedColumns } from '../database';
import type { Transaction } from '../database';
import { NetworkApp } from '../networks';
import { PublishProgress } from '../networks';
import { LostClaimError } from '../queue';
import { claimHeldSql } from '../queue';
import { EventOutbox, NewEvent } from '../webhooks';
import { ServiceMetrics } from '../observability';
import type { DeliveryErrorCode } from '../common/errors/delivery-error-code';
import type { WaitCode } from './retry-policy';
import { Delivery } from './delivery.entity';
import { AttemptEnd, currentAttemptTrace, WaitReason } from './attempts/attempt-trace';
import { withAttemptRow } from './attempts/attempt-rows.sql';
import { Post } from './post.entity';

/** A delivery handed to a worker, with the account it publishes to (whose lane the worker holds). */
export interface ClaimedDelivery {
  deliveryId: string;
  accountId: string;
}

/** What one attempt works with, read back with the claim. */
export interface Attempt {
  delivery: Delivery;
  post: Post;
  account: ConnectedAccount;
  /** The customer's own app for the account's network, if it set one. */
  ownApp: NetworkApp | undefined;
  /** The previous attempt died mid-call: look on the network before posting again. */
  resuming: boolean;
}

/** A retry after the network's trouble: when, and what the customer sees meanwhile. */
export interface RetryLater {
  at: Date;
  code: WaitCode;
  message: string;
  /**
   * The network may have carried the call out though no answer said so (a 5xx, a timeout, a
   * dropped connection): the delivery stays `publishing`, so its next attempt resumes, looking on
   * the network first, as after a worker that died mid-call.
   */
  resume?: boolean;
  /** The network's own reset time for its rate limit or cap, when it said one (for the attempt's trace). */
  networkResetAt?: Date;
}

/** The wait a retry's code means, in an attempt's trace. */
const WAIT_REASON_OF: Record<WaitCode, WaitReason> = {
  rate_limited: 'rate_limit',
  usage_capped: 'usage_cap',
  network_unavailable: 'backoff',
};

const OPEN = `('scheduled', 'pending', 'publishing')`;

/**
 * The worker `$2` holds the lane of delivery `$1`'s account for it, and its heartbeat is younger
 * than `$3` ms (half of WORKER_DEAD_AFTER_MS). The liveness sweep lets go of a claim only once the
 * heartbeat is older than WORKER_DEAD_AFTER_MS: a step that finds this true keeps the claim for at
 * least half of that, longer than any one call to a network takes. `d` is the delivery's row.
 */
const CLAIM_HELD = claimHeldSql('l.account_id = d.account_id AND l.delivery_id = d.id', '$2', '$3');

/** A claimed delivery's row, with the post, account and app read back with it (see claimColumns), and its status before. */
type BeginRow = Record<string, unknown> & { previous_status: string; na_id: string | null };

/**
 * The deliveries table: the publishing pipeline (claiming deliveries fairly through the SQL
 * functions of migration FairQueues, marking an attempt, its checkpoints, and each outcome with its
 * event), cancels and deletes. A delivery's `due_at` is its job: set while it needs a worker, NULL
 * once it is final; the database's triggers keep the lanes' hints from it.
 */
@Injectable()
export class DeliveriesStore {
  private claimColumnList: string | undefined;

  /** See CLAIM_HELD. */
  private readonly freshBeatMs: number;

  constructor(
    private readonly database: Database,
    /** For the entities' column lists (raw-rows.ts) only. */
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly outbox: EventOutbox,
    private readonly accounts: AccountsStore,
    @Optional() private readonly metrics?: ServiceMetrics,
  ) {
    this.freshBeatMs = Math.floor(config.workerDeadAfterMs / 2);
  }

  /** Up to `wanted` due deliveries of accounts nobody publishes for, round-robin over customers. */
  claim(workerId: string, wanted: number, customerCap: number): Promise<ClaimedDelivery[]> {
    return this.database.hot<ClaimedDelivery>(
      'SELECT delivery_id AS "deliveryId", account_id AS "accountId" FROM claim_deliveries($1, $2, $3)',
      [workerId, wanted, customerCap],
    );
  }

  /** Lets go of the account's lane; its next delivery, if any is due, can be claimed by anyone. */
  async release(accountId: string, workerId: string): Promise<void> {
    await this.database.hot('SELECT release_lane($1, $2)', [accountId, workerId]);
  }

  /**
   * Marks the delivery publishing (committed before the network is called, so an attempt that dies
   * mid-call is recognised by the next) and reads what the attempt needs, in one statement.
   * Undefined when the delivery is not open or its account is not active; throws LostClaimError
   * when `workerId` no longer holds the claim.
   */
  async begin(deliveryId: string, workerId: string): Promise<Attempt | undefined> {
    const rows = await this.database.hot<BeginRow>(
      `WITH previous AS (
         SELECT d.id, d.status FROM deliveries d JOIN connected_accounts a ON a.id = d.account_id
          WHERE d.id = $1 AND d.status IN ${OPEN} AND a.status = 'active' AND ${CLAIM_HELD}
            FOR UPDATE OF d
       ), claimed AS (
         UPDATE deliveries d SET status = 'publishing', attempts = d.attempts + 1, next_attempt_at = NULL, updated_at = now()
           FROM previous WHERE d.id = previous.id
         RETURNING d.*, previous.status AS previous_status
       )
       SELECT claimed.previous_status, ${this.claimColumns}
         FROM claimed JOIN posts p ON p.id = claimed.post_id JOIN connected_accounts a ON a.id = claimed.account_id
              LEFT JOIN network_apps na ON na.customer_id = a.customer_id AND na.network = a.platform`,
      [deliveryId, workerId, this.freshBeatMs],
    );
    const [row] = rows;
    if (!row) {
      if (!(await this.holdsClaim(deliveryId, workerId))) throw new LostClaimError(`Delivery ${deliveryId}`);
      return undefined;
    }
    return {
      delivery: fromPrefixedRow(this.dataSource, Delivery, row, 'd'),
      post: fromPrefixedRow(this.dataSource, Post, row, 'p'),
      account: fromPrefixedRow(this.dataSource, ConnectedAccount, row, 'a'),
      ownApp: row.na_id === null ? undefined : fromPrefixedRow(this.dataSource, NetworkApp, row, 'na'),
      resuming: row.previous_status === 'publishing',
    };
  }

  /** The delivery, its post and account, locked, for a delivery that begin() refused; undefined when it is no longer open. */
  async lockOpen(
    deliveryId: string,
    transaction: Transaction,
  ): Promise<Pick<Attempt, 'delivery' | 'post' | 'account'> | undefined> {
    const delivery = await this.database.repository(Delivery, transaction).findOne({
      where: { id: deliveryId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!delivery || !['scheduled', 'pending', 'publishing'].includes(delivery.status)) return undefined;
    const post = await this.database.repository(Post, transaction).findOneByOrFail({ id: delivery.postId });
    const account = await this.accounts.getForJob(delivery.accountId, transaction);
    return { delivery, post, account };
  }

  /** Whether `workerId` still holds the claim of the delivery (see CLAIM_HELD). */
  async holdsClaim(deliveryId: string, workerId: string): Promise<boolean> {
    const rows = await this.database.hot(`SELECT 1 FROM deliveries d WHERE d.id = $1 AND ${CLAIM_HELD}`, [
      deliveryId,
      workerId,
      this.freshBeatMs,
    ]);
    return rows.length > 0;
  }

  /**
   * What the attempt has done on the network so far, written before its next call there; throws
   * LostClaimError (and writes nothing) when `workerId` no longer holds the claim, so a worker
   * taken for dead stops before that call instead of making it beside the new holder.
   */
  async checkpoint(deliveryId: string, workerId: string, progress: PublishProgress): Promise<void> {
    const rows = await this.database.hot(
      `UPDATE deliveries d SET progress = $4, updated_at = now() WHERE d.id = $1 AND ${CLAIM_HELD} RETURNING d.id`,
      [deliveryId, workerId, this.freshBeatMs, JSON.stringify(progress)],
    );
    if (rows.length === 0) throw new LostClaimError(`Delivery ${deliveryId}`);
    currentAttemptTrace()?.reached(progress);
  }

  /** The network is still processing (a container, a video): look again at `at`, from `progress`. */
  async pollAgain(deliveryId: string, progress: PublishProgress, at: Date): Promise<void> {
    const { sql, params } = this.traced(
      deliveryId,
      `UPDATE deliveries SET status = 'pending', progress = $2, next_attempt_at = $3, due_at = $3, updated_at = now() WHERE id = $1`,
      [deliveryId, JSON.stringify(progress), at],
      { outcome: 'retry_later', waitReason: 'processing', nextAttemptAt: at },
    );
    await this.database.hot(sql, params);
  }

  /** Waits for the network (its rate limit's reset, or backoff after trouble), in the caller's transaction. */
  async retryLater(deliveryId: string, retry: RetryLater, transaction: Transaction): Promise<void> {
    // Waits for the network's window or cap are not failed attempts (see afterFailure).
    const rateLimited = retry.code !== 'network_unavailable';
    const { sql, params } = this.traced(
      deliveryId,
      `UPDATE deliveries SET status = $6, next_attempt_at = $2, due_at = $2, error_code = $3, error_message = $4,
              rate_limit_waits = rate_limit_waits + $5, updated_at = now()
        WHERE id = $1`,
      [deliveryId, retry.at, retry.code, retry.message, rateLimited ? 1 : 0, retry.resume ? 'publishing' : 'pending'],
      {
        outcome: 'retry_later',
        waitReason: WAIT_REASON_OF[retry.code],
        nextAttemptAt: retry.at,
        errorCode: retry.code,
        errorMessage: retry.message,
        networkResetAt: retry.networkResetAt ?? null,
      },
    );
    await this.database.execute(sql, params, transaction);
  }

  /**
   * An attempt that failed in our own code (not the network's answer): it stays `publishing` (the
   * next attempt resumes, looking on the network first), due again after a backoff that grows with
   * its attempts, up to 10 minutes.
   */
  async retryAfterOwnError(deliveryId: string): Promise<void> {
    await this.database.hot(
      `UPDATE deliveries SET due_at = now() + least(interval '10 minutes', interval '1 second' * power(2, least(attempts, 10))), updated_at = now()
        WHERE id = $1 AND status IN ${OPEN}`,
      [deliveryId],
    );
  }

  /** Published: the delivery's final state and its post.published event, in one statement. */
  async published(
    deliveryId: string,
    result: { platformPostId: string; permalink: string | null; progress?: PublishProgress },
    event: NewEvent<'post.published'>,
  ): Promise<void> {
    const insertion = this.outbox.insertion(event, 5);
    // The final SELECT reads the event CTE: a CTE without a data-modifying statement runs only when read.
    const { sql, params } = this.traced(
      deliveryId,
      `WITH change AS (
         UPDATE deliveries SET status = 'published', platform_post_id = $2, permalink = $3, published_at = now(), updated_at = now(),
                progress = coalesce($4::jsonb, progress),
                error_code = NULL, error_message = NULL, next_attempt_at = NULL, due_at = NULL
          WHERE id = $1 RETURNING id
       ), event AS (${insertion.sql})
       SELECT (SELECT count(*) FROM change) AS changed, (SELECT count(*) FROM event) AS events`,
      [
        deliveryId,
        result.platformPostId,
        result.permalink,
        result.progress ? JSON.stringify(result.progress) : null,
        ...insertion.params,
      ],
      { outcome: 'published' },
    );
    await this.database.hot(sql, params);
  }

  /** Failed for good, with its post.failed event, in the caller's transaction. */
  async failed(
    deliveryId: string,
    failure: { code: DeliveryErrorCode; message: string },
    event: NewEvent<'post.failed'>,
    transaction: Transaction,
  ): Promise<void> {
    const { sql, params } = this.traced(
      deliveryId,
      `UPDATE deliveries SET status = 'failed', error_code = $2, error_message = $3, next_attempt_at = NULL, due_at = NULL, updated_at = now() WHERE id = $1`,
      [deliveryId, failure.code, failure.message],
      { outcome: 'failed', errorCode: failure.code, errorMessage: failure.message },
    );
    await this.database.execute(sql, params, transaction);
    await this.outbox.record(transaction, event);
  }

  /** Cancels the post's deliveries that have not started, in the caller's transaction; answers their ids. */
  async cancelNotStarted(postId: string, transaction: Transaction): Promise<string[]> {
    const canceled = await this.database.rows<{ id: string; platform: string }>(
      `UPDATE deliveries SET status = 'canceled', next_attempt_at = NULL, due_at = NULL, updated_at = now()
      WHERE post_id = $1 AND status IN ('draft', 'scheduled', 'pending') RETURNING id, platform`,
      [postId],
      transaction,
    );
    for (const { platform } of canceled) this.metrics?.delivery(platform, 'canceled');
    return canceled.map((row) => row.id);
  }

  /** The post's deliveries, oldest first, as they are now (no lock). */
  ofPost(postId: string, transaction: Transaction): Promise<Delivery[]> {
    return this.database
      .repository(Delivery, transaction)
      .find({ where: { postId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** Deletes deliveries an edit took the account of away (never started: the caller checked, under its locks). */
  async remove(ids: string[], transaction: Transaction): Promise<void> {
    if (ids.length === 0) return;
    await this.database.execute(
      `DELETE FROM deliveries WHERE id = ANY($1::text[]) AND status IN ('draft', 'scheduled', 'pending')`,
      [ids],
      transaction,
    );
  }

  /** Adds deliveries to a post (an edit adding accounts): due as their status says (a draft: never). */
  async add(deliveries: Delivery[], transaction: Transaction): Promise<void> {
    if (deliveries.length === 0) return;
    await this.database.execute(
      `INSERT INTO deliveries (id, post_id, customer_id, account_id, platform, status, due_at)
       SELECT id, post_id, customer_id, account_id, platform, status,
              CASE WHEN status = 'draft' THEN NULL ELSE coalesce(due_at, now()) END
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])
           AS d(id, post_id, customer_id, account_id, platform, status, due_at)`,
      [
        deliveries.map((delivery) => delivery.id),
        deliveries.map((delivery) => delivery.postId),
        deliveries.map((delivery) => delivery.customerId),
        deliveries.map((delivery) => delivery.accountId),
        deliveries.map((delivery) => delivery.platform),
        deliveries.map((delivery) => delivery.status),
        deliveries.map((delivery) => delivery.dueAt),
      ],
      transaction,
    );
  }

  /**
   * Sets not-started deliveries to `status`, due at `dueAt` (null: now), or never for a draft: a
   * draft published, or a post rescheduled. The lanes' triggers see the new due time.
   */
  async reopen(
    ids: string[],
    status: 'draft' | 'scheduled' | 'pending',
    dueAt: Date | null,
    transaction: Transaction,
  ): Promise<void> {
    if (ids.length === 0) return;
    await this.database.execute(
      `UPDATE deliveries SET status = $2, next_attempt_at = NULL, error_code = NULL, error_message = NULL, updated_at = now(),
              due_at = CASE WHEN $2 = 'draft' THEN NULL ELSE coalesce($3::timestamptz, now()) END
        WHERE id = ANY($1::text[]) AND status IN ('draft', 'scheduled', 'pending')`,
      [ids, status, dueAt],
      transaction,
    );
  }

  /** The delivery, or null. */
  findById(id: string): Promise<Delivery | null> {
    return this.database.repository(Delivery).findOneBy({ id });
  }

  /** The customer's delivery of the post, or null. */
  findForPost(customerId: string, postId: string, id: string): Promise<Delivery | null> {
    return this.database.repository(Delivery).findOneBy({ id, postId, customerId });
  }

  /** The customer's deliveries of the post that are on their network (published, with a network id), oldest first. */
  publishedOfPost(customerId: string, postId: string): Promise<Delivery[]> {
    return this.database.repository(Delivery).find({
      where: { postId, customerId, status: 'published', platformPostId: Not(IsNull()) },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  /** The post's deliveries, locked (for a change of several of them), oldest first, in the caller's transaction. */
  lockOfPost(postId: string, transaction: Transaction): Promise<Delivery[]> {
    return this.database.repository(Delivery, transaction).find({
      where: { postId },
      order: { createdAt: 'ASC', id: 'ASC' },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /** A published delivery starts its delete (`deleting`), in the caller's transaction. */
  async markDeleting(id: string, transaction: Transaction): Promise<void> {
    await this.database.execute(
      `UPDATE deliveries SET status = 'deleting', error_code = NULL, error_message = NULL, updated_at = now() WHERE id = $1`,
      [id],
      transaction,
    );
  }

  /** A `deleting` delivery is gone from its network; false when it was no longer `deleting` (written once). */
  async markDeleted(id: string, transaction: Transaction): Promise<boolean> {
    const changed = await this.database.rows<{ id: string }>(
      `UPDATE deliveries SET status = 'deleted', deleted_at = now(), error_code = NULL, error_message = NULL, updated_at = now()
          WHERE id = $1 AND status = 'deleting' RETURNING id`,
      [id],
      transaction,
    );
    return changed.length > 0;
  }

  /** A `deleting` delivery the network would not delete: back to `published`, with the reason (unpublish_failed). */
  async unpublishRefused(id: string, message: string): Promise<void> {
    await this.database.execute(
      `UPDATE deliveries SET status = 'published', error_code = 'unpublish_failed', error_message = $2, updated_at = now()
        WHERE id = $1 AND status = 'deleting'`,
      [id, message],
    );
  }

  /**
   * The statement with the running attempt's row written by it (see AttemptTrace), when an attempt
   * of this delivery is running and has not written its row yet; otherwise as it is.
   */
  private traced(
    deliveryId: string,
    sql: string,
    params: readonly unknown[],
    end: AttemptEnd,
  ): { sql: string; params: readonly unknown[] } {
    const trace = currentAttemptTrace();
    const row = trace?.deliveryId === deliveryId ? trace.end(end) : undefined;
    return row ? withAttemptRow(sql, params, row) : { sql, params };
  }

  /** The delivery, its post, its account and the customer's app, read back with the claim (one round trip, not five). */
  private get claimColumns(): string {
    this.claimColumnList ??= [
      prefixedColumns(this.dataSource, Delivery, 'claimed', 'd'),
      prefixedColumns(this.dataSource, Post, 'p', 'p'),
      prefixedColumns(this.dataSource, ConnectedAccount, 'a', 'a'),
      prefixedColumns(this.dataSource, NetworkApp, 'na', 'na'),
    ].join(', ');
    return this.claimColumnList;
  }
}
