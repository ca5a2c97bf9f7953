import { Injectable } from '@nestjs/common';
import { ApiException } from '../../common/errors/api-exception';
import { Clock } from '../../common/clock/clock';
import type { Transaction } from '../../database';
import { NetworkRegistry } from '../../networks';
import type { LaneHold } from '../../queue';
import { JobQueue } from '../../queue';
import { EventOutbox } from '../../webhooks';
import { Delivery } from '../delivery.entity';
import { PatchPostBody } from '../dto/patch-post.body';
import { PostView } from '../dto/post.view';
import { Post } from '../post.entity';
import { PostAcceptance } from '../post-acceptance';
import { bodyOf, patchedFields, patchedRequest } from '../post-request';
import type { PostRequest } from '../post-request';
import { resolveDelivery, StoredPostVariants } from '../post-variants';
import { postView } from '../post-views';
import { PostsStore } from '../posts.store';
import { startedDeliveries, startedDetails } from '../started-deliveries';
import type { StartedDelivery } from '../started-deliveries';
import { DeliveryEdit, notSupported, publishedPatchProblems, readDeliveryEdit } from './delivery-edit';
import { DeliveryEditsStore } from './delivery-edits.store';
import { EDIT_DELIVERY_TASK, EDIT_MAX_ATTEMPTS, editJobKey } from './edit-job';
import type { StoredContainer } from '../post.entity';

/** Statuses in which a delivery has ended, one way or another: an edit of the post may go ahead beside them. */
const SETTLED: ReadonlySet<Delivery['status']> = new Set(['published', 'failed', 'canceled', 'deleted']);

/**
 * The deliveries an edit after publishing waits for: started and not settled (publishing, deleting,
 * claimed, or tried and waiting for its next attempt, which may resume what it began by the text it
 * began with).
 */
export function inFlightDeliveries(
  deliveries: ReadonlyArray<Pick<Delivery, 'id' | 'status' | 'attempts' | 'platform'>>,
  lanes: ReadonlyArray<LaneHold>,
): StartedDelivery[] {
  const statusOf = new Map(deliveries.map((delivery) => [delivery.id, delivery.status]));
  return startedDeliveries(deliveries, lanes).filter((started) => !SETTLED.has(statusOf.get(started.deliveryId)!));
}

/**
 * Failed deliveries whose last attempt got no answer to trust (network_unavailable after its
 * retries): their post may be on the network. A retry looks for it by the text it was sent with, so
 * the text must not change before that delivery is retried or canceled, or the lookup would miss
 * it and post a second time.
 */
export function uncertainFailures<T extends Pick<Delivery, 'status' | 'attempts' | 'errorCode'>>(
  deliveries: readonly T[],
): T[] {
  return deliveries.filter(
    (delivery) => delivery.status === 'failed' && delivery.attempts > 0 && delivery.errorCode === 'network_unavailable',
  );
}

/** The deliveries whose edit is still being sent (`edit.status` requested). */
export function editsInProgress<T extends Pick<Delivery, 'edit'>>(deliveries: readonly T[]): T[] {
  return deliveries.filter((delivery) => readDeliveryEdit(delivery.edit)?.status === 'requested');
}

/** The request a published post is checked as: its schedule aside (its time has passed, and it keeps it). */
export function unscheduledRequest(request: PostRequest): PostRequest {
  const unscheduled: PostRequest = { ...request };
  delete unscheduled.scheduledAt;
  return unscheduled;
}

/** Whether a patch of this post is an edit after publishing: one of its deliveries is on its network. */
export function hasPublished(deliveries: ReadonlyArray<Pick<Delivery, 'status'>>): boolean {
  return deliveries.some((delivery) => delivery.status === 'published');
}

/**
 * PATCH /posts/:id of a post one of whose deliveries is published: only its text may change (the
 * first container's content; 409 post_published_field_not_editable names anything else), and
 * only when none of its deliveries is in flight (publishing, being deleted, claimed, or tried and
 * waiting for its next attempt: 409 post_delivery_started) nor has an edit still being sent (409
 * post_edit_in_progress). The post the patch makes is checked as a new post (PostAcceptance), its
 * schedule aside. Then, in the caller's transaction:
 * - the post's content is rewritten: a delivery not yet published (scheduled, pending, a failed
 *   one retried later) publishes the new text, as an edit before publishing would;
 * - each published delivery whose text changes gets its `edit`: `requested` with a job
 *   (EditDeliveryTask sends it), or at once `not_supported` (the network keeps published posts as
 *   they are) or `failed` (its rules refuse it now: X's window, subscription, edit limit); nothing
 *   is sent for those. A published delivery whose text the patch leaves as it was (an account
 *   override's text) is not edited.
 * The answer is 202: the post, each delivery with its edit.
 */
@Injectable()
export class PublishedPostEditor {
  constructor(
    private readonly posts: PostsStore,
    private readonly edits: DeliveryEditsStore,
    private readonly acceptance: PostAcceptance,
    private readonly networks: NetworkRegistry,
    private readonly jobs: JobQueue,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
  ) {}

  async edit(
    post: Post,
    patch: PatchPostBody,
    deliveries: Delivery[],
    lanes: ReadonlyArray<LaneHold>,
    transaction: Transaction,
  ): Promise<PostView> {
    const inFlight = inFlightDeliveries(deliveries, lanes);
    if (inFlight.length > 0)
      throw new ApiException(
        'post_delivery_started',
        `Post ${post.id} cannot be edited while a delivery is in flight: ${inFlight.map((one) => one.why).join('; ')}`,
        startedDetails(inFlight),
      );
    const uncertain = uncertainFailures(deliveries);
    if (uncertain.length > 0)
      throw new ApiException(
        'post_delivery_started',
        `Post ${post.id} cannot change its text while ${uncertain.map((delivery) => `delivery ${delivery.id} (${delivery.platform})`).join(', ')} failed with no answer from its network to trust: retry it first (it looks on the network before posting) or cancel it`,
        uncertain.map((delivery) => ({
          field: `deliveries.${delivery.id}`,
          message: 'failed with no answer to trust: its post may be on the network with the current text',
        })),
      );
    const sending = editsInProgress(deliveries);
    if (sending.length > 0)
      throw new ApiException(
        'post_edit_in_progress',
        `Post ${post.id}: an edit is still being sent to ${sending.map((delivery) => `delivery ${delivery.id} (${delivery.platform})`).join(', ')}`,
        sending.map((delivery) => ({ field: `deliveries.${delivery.id}`, message: 'its edit is still being sent' })),
      );
    const problems = publishedPatchProblems(post.request!, patch);
    if (problems.length > 0)
      throw new ApiException(
        'post_published_field_not_editable',
        `Post ${post.id} is published: only its text (containers[0].content) can change; not ${problems.map((problem) => problem.field).join(', ')}`,
        problems,
      );
    const request = patchedRequest(post.request!, patch);
    // Checked as a new post, its schedule aside: a published post's time has passed, and it keeps it.
    const accepted = await this.acceptance.accept(
      post.customerId,
      bodyOf(unscheduledRequest(request)),
      this.clock.now(),
    );
    const before = { containers: post.containers, variants: post.variants };
    const after = { containers: accepted.containers, variants: accepted.variants };
    await this.posts.rewrite(
      Object.assign(post, { containers: accepted.containers, variants: accepted.variants, request }),
      transaction,
    );
    const traits = new Map(accepted.accounts.map((account) => [account.id, account.networkTraits]));
    for (const delivery of deliveries) {
      if (delivery.status !== 'published' || !delivery.platformPostId) continue;
      const text = firstText(after, delivery);
      if (text === firstText(before, delivery)) continue;
      await this.request(delivery, text, traits.get(delivery.accountId) ?? {}, hasMedia(after, delivery), transaction);
    }
    await this.outbox.record(transaction, {
      customerId: post.customerId,
      tenantId: post.tenantId,
      type: 'post.updated',
      data: {
        servicePostId: post.id,
        status: postView(post, deliveries).status,
        scheduledAt: post.scheduledAt?.toISOString() ?? null,
        fields: patchedFields(patch),
      },
    });
    const found = await this.posts.getWithDeliveries(post.customerId, post.id, transaction);
    return postView(found!.post, found!.deliveries);
  }

  /** The delivery's edit: refused at once where its network's rules say so, else requested with its job. */
  private async request(
    delivery: Delivery,
    text: string,
    traits: Record<string, string | number | boolean>,
    media: boolean,
    transaction: Transaction,
  ): Promise<void> {
    const previous = readDeliveryEdit(delivery.edit);
    const now = this.clock.now();
    const base: DeliveryEdit = {
      status: 'requested',
      text,
      requestedAt: now.toISOString(),
      sentAt: null,
      editedAt: null,
      error: null,
      edits: previous?.edits ?? 0,
      originalPlatformPostId: previous?.originalPlatformPostId || delivery.platformPostId!,
    };
    const editing = this.networks.find(delivery.platform)?.textEdits;
    if (!editing) {
      return this.edits.set(
        delivery.id,
        { ...base, status: 'not_supported', error: notSupported(delivery.platform) },
        transaction,
      );
    }
    const refusal = editing.refusal(
      {
        publishedAt: delivery.publishedAt ?? now,
        traits,
        editsMade: base.edits,
        progress: delivery.progress,
        hasMedia: media,
      },
      now,
    );
    if (refusal) {
      const status = refusal.code === 'edit_not_supported' ? 'not_supported' : 'failed';
      return this.edits.set(delivery.id, { ...base, status, error: { ...refusal } }, transaction);
    }
    await this.edits.set(delivery.id, base, transaction);
    await this.jobs.enqueue(transaction, {
      task: EDIT_DELIVERY_TASK,
      payload: { deliveryId: delivery.id },
      jobKey: editJobKey(delivery.id),
      maxAttempts: EDIT_MAX_ATTEMPTS,
    });
  }
}

type Content = { containers: StoredContainer[]; variants: StoredPostVariants };

/** The text the delivery publishes (its first container's, as its override, its network's or the post's gives it). */
function firstText(post: Content, delivery: Delivery): string {
  return resolveDelivery(post, delivery.accountId, delivery.platform).containers[0]?.content ?? '';
}

function hasMedia(post: Content, delivery: Delivery): boolean {
  return (resolveDelivery(post, delivery.accountId, delivery.platform).containers[0]?.media.length ?? 0) > 0;
}
