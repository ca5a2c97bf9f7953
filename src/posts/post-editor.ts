import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { ApiException } from '../common/errors/api-exception';
import { Database } from '../database';
import type { Transaction } from '../database';
import { QueueStore } from '../queue';
import { EventOutbox } from '../webhooks';
import { DeliveriesStore } from './deliveries.store';
import { Delivery } from './delivery.entity';
import { PatchPostBody } from './dto/patch-post.body';
import { PostView } from './dto/post.view';
import { PostVerdictView } from './dto/post-verdict.view';
import { claimIdempotencyKey, requestHash } from './idempotency';
import { MediaReachability } from './media-reachability';
import { Post } from './post.entity';
import { AcceptedPost, PostAcceptance } from './post-acceptance';
import { bodyOf, nullProblems, patchedFields, patchedRequest, PostRequest } from './post-request';
import { PostReview } from './post-review';
import { postVerdict } from './post-verdict';
import { postView } from './post-views';
import { newDelivery, openingStatus } from './post-writer';
import { PostsStore } from './posts.store';
import { startedDeliveries, startedDetails } from './started-deliveries';
import {
  editsInProgress,
  hasPublished,
  inFlightDeliveries,
  PublishedPostEditor,
  unscheduledRequest,
} from './edit/published-post-editor';
import { publishedPatchProblems } from './edit/delivery-edit';

const OK = 200;
const ACCEPTED = 202;

/**
 * Changes a post before it publishes: a draft published (POST /posts/:id/publish), a post edited
 * (PATCH /posts/:id). Each is checked as a new post is (PostAcceptance, on the whole request the
 * edit makes), and written in one transaction that first holds what publishing would need to
 * start: the lanes of the post's accounts (QueueStore.lockLanes) and then its deliveries. So an edit
 * either sees a delivery's claim and changes nothing (409), or no claim can be made until it has
 * committed, and the worker then reads the post as edited. Lock order: the post's edit lock, the
 * lanes, the deliveries, the post row; a worker locks a delivery, then its post, never a lane in
 * that transaction, and a delivery it holds is claimed, which the edit sees before it waits on it.
 */
@Injectable()
export class PostEditor {
  constructor(
    private readonly database: Database,
    private readonly posts: PostsStore,
    private readonly deliveries: DeliveriesStore,
    private readonly queue: QueueStore,
    private readonly acceptance: PostAcceptance,
    private readonly review: PostReview,
    private readonly reachability: MediaReachability,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
    private readonly afterPublishing: PublishedPostEditor,
  ) {}

  /**
   * Publishes a draft: now, or at the scheduledAt it carries, checked again as a new post at this
   * moment; a post.updated event (fields `draft`) says so. With an Idempotency-Key, a second call
   * with the same key answers the first answer (without one, it is a 409 post_not_draft).
   */
  async publish(customerId: string, id: string, idempotencyKey?: string): Promise<{ status: number; body: PostView }> {
    return this.database.transaction(async (transaction) => {
      if (idempotencyKey) {
        const hash = requestHash({ publish: id });
        const claim = await claimIdempotencyKey(this.posts, customerId, idempotencyKey, hash, transaction);
        if (claim.kind === 'replay') return { status: claim.status, body: claim.body as PostView };
      }
      const post = await this.editable(customerId, id, transaction);
      const deliveries = await this.deliveries.lockOfPost(id, transaction);
      const notDraft = deliveries.filter((delivery) => delivery.status !== 'draft');
      if (notDraft.length > 0 || deliveries.length === 0)
        throw ApiException.conflict(
          `Post ${id} is not a draft: it is published, scheduled or canceled already`,
          'post_not_draft',
        );
      const request: PostRequest = { ...post.request!, draft: false };
      const accepted = await this.acceptance.accept(customerId, bodyOf(request), this.clock.now());
      const written = await this.write(post, request, accepted, deliveries, transaction);
      await this.outbox.record(transaction, {
        customerId,
        tenantId: post.tenantId,
        type: 'post.updated',
        data: { servicePostId: id, status: written.status, scheduledAt: written.scheduledAt, fields: ['draft'] },
      });
      if (idempotencyKey)
        await this.posts.storeIdempotentResponse(customerId, idempotencyKey, ACCEPTED, written, transaction);
      return { status: ACCEPTED, body: written };
    });
  }

  /**
   * Edits a post none of whose deliveries has started (or a draft); 409 naming the deliveries that
   * have. With an Idempotency-Key, as POST /posts: the same key and body answer the first answer.
   */
  async patch(
    customerId: string,
    id: string,
    patch: PatchPostBody,
    idempotencyKey?: string,
  ): Promise<{ status: number; body: PostView }> {
    refuseNulls(patch);
    return this.database.transaction(async (transaction) => {
      if (idempotencyKey) {
        const hash = requestHash({ patch: id, body: patch });
        const claim = await claimIdempotencyKey(this.posts, customerId, idempotencyKey, hash, transaction);
        if (claim.kind === 'replay') return { status: claim.status, body: claim.body as PostView };
      }
      const post = await this.editable(customerId, id, transaction);
      // The accounts' lanes first (see the class), then the deliveries: none can be claimed meanwhile.
      const current = await this.deliveries.ofPost(id, transaction);
      const lanes = await this.queue.lockLanes(
        [...new Set(current.map((delivery) => delivery.accountId))].sort(),
        transaction,
      );
      const deliveries = await this.deliveries.lockOfPost(id, transaction);
      const started = startedDeliveries(deliveries, lanes);
      if (started.length > 0 && hasPublished(deliveries)) {
        // Published already: only its text changes, on each network that edits (edit/published-post-editor.ts).
        const view = await this.afterPublishing.edit(post, patch, deliveries, lanes, transaction);
        if (idempotencyKey)
          await this.posts.storeIdempotentResponse(customerId, idempotencyKey, ACCEPTED, view, transaction);
        return { status: ACCEPTED, body: view };
      }
      if (started.length > 0)
        throw new ApiException(
          'post_delivery_started',
          `Post ${id} cannot be edited: ${started.map((one) => one.why).join('; ')}`,
          startedDetails(started),
        );
      const request = patchedRequest(post.request!, patch);
      const accepted = await this.acceptance.accept(customerId, bodyOf(request), this.clock.now());
      const view = await this.write(post, request, accepted, deliveries, transaction);
      await this.outbox.record(transaction, {
        customerId,
        tenantId: post.tenantId,
        type: 'post.updated',
        data: { servicePostId: id, status: view.status, scheduledAt: view.scheduledAt, fields: patchedFields(patch) },
      });
      if (idempotencyKey) await this.posts.storeIdempotentResponse(customerId, idempotencyKey, OK, view, transaction);
      return { status: OK, body: view };
    });
  }

  /**
   * What PATCH /posts/:id would say of this patch now, as POST /posts/validate says of a body: the
   * verdict of the whole post the patch makes, and the deliveries that have started (which would
   * make it a 409) as problems of the post. Nothing is locked or written.
   */
  async validatePatch(customerId: string, id: string, patch: PatchPostBody): Promise<PostVerdictView> {
    refuseNulls(patch);
    const post = await this.posts.find(customerId, id);
    if (!post) throw ApiException.notFound('Post');
    if (!post.request) throw notEditable(id);
    const deliveries = await this.posts.deliveriesOf([id]);
    const lanes = await this.queue.laneHolds([...new Set(deliveries.map((delivery) => delivery.accountId))]);
    // Published: what PATCH would check of an edit after publishing (edit/published-post-editor.ts).
    const published = hasPublished(deliveries);
    const request = patchedRequest(post.request, patch);
    const body = bodyOf(published ? unscheduledRequest(request) : request);
    const reviewed = await this.review.review(customerId, body, this.clock.now());
    const verdict = postVerdict(reviewed, await this.reachability.warnings(customerId, body, reviewed.mediaProblems));
    const started = published ? inFlightDeliveries(deliveries, lanes) : startedDeliveries(deliveries, lanes);
    const problems = [
      ...startedDetails(started).map((detail) => ({ ...detail, rule: 'delivery_started' as const })),
      ...(published
        ? [
            ...editsInProgress(deliveries).map((delivery) => ({
              field: `deliveries.${delivery.id}`,
              message: 'its edit is still being sent',
              rule: 'edit_in_progress' as const,
            })),
            ...publishedPatchProblems(post.request, patch).map((problem) => ({
              ...problem,
              rule: 'published_field_not_editable' as const,
            })),
          ]
        : []),
    ];
    if (problems.length === 0) return verdict;
    return { ...verdict, valid: false, problems: [...verdict.problems, ...problems] };
  }

  /** The customer's post, its edits serialised until the transaction ends; 404, or 409 when it was made before edits. */
  private async editable(customerId: string, id: string, transaction: Transaction): Promise<Post> {
    await this.posts.serializeEdits(id, transaction);
    const post = await this.posts.find(customerId, id, transaction);
    if (!post) throw ApiException.notFound('Post');
    if (!post.request) throw notEditable(id);
    return post;
  }

  /**
   * Writes the post as accepted: its content and schedule, a delivery per account (those of
   * accounts taken away deleted, those of accounts added made), each set to its opening status.
   */
  private async write(
    post: Post,
    request: PostRequest,
    accepted: AcceptedPost,
    deliveries: Delivery[],
    transaction: Transaction,
  ): Promise<PostView> {
    const edited = Object.assign(post, {
      containers: accepted.containers,
      variants: accepted.variants,
      scheduledAt: accepted.scheduledAt,
      request,
    });
    await this.posts.rewrite(edited, transaction);
    const wanted = new Set(accepted.accounts.map((account) => account.id));
    const kept = deliveries.filter((delivery) => wanted.has(delivery.accountId));
    const had = new Set(deliveries.map((delivery) => delivery.accountId));
    const status = openingStatus(request.draft === true, accepted.scheduledAt);
    await this.deliveries.remove(
      deliveries.filter((delivery) => !wanted.has(delivery.accountId)).map((delivery) => delivery.id),
      transaction,
    );
    await this.deliveries.reopen(
      kept.map((delivery) => delivery.id),
      status,
      accepted.scheduledAt,
      transaction,
    );
    await this.deliveries.add(
      accepted.accounts
        .filter((account) => !had.has(account.id))
        .map((account) => newDelivery(edited, account, status)),
      transaction,
    );
    const found = await this.posts.getWithDeliveries(post.customerId, post.id, transaction);
    return postView(found!.post, found!.deliveries);
  }
}

/** A 400 for a null where the post needs a value (as the pipe answers a malformed field). */
function refuseNulls(patch: PatchPostBody): void {
  const problems = nullProblems(patch);
  if (problems.length) throw ApiException.validation(problems);
}

function notEditable(id: string): ApiException {
  return ApiException.conflict(
    `Post ${id} was made before edits were possible: cancel it and create it again`,
    'post_not_editable',
  );
}
