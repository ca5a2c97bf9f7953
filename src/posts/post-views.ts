import { Delivery } from './delivery.entity';
import { DeliveryView, PostView } from './dto/post.view';
import { Post } from './post.entity';
import { postStatusOf } from './post-status';
import { resolveDelivery } from './post-variants';
import { readDeliveryEdit } from './edit/delivery-edit';
import { deliveryEditView, DeliveryEditView } from './edit/delivery-edit.view';

export function deliveryView(delivery: Delivery, post: Post): DeliveryView {
  return {
    id: delivery.id,
    accountId: delivery.accountId,
    platform: delivery.platform,
    status: delivery.status,
    platformPostId: delivery.platformPostId,
    permalink: delivery.permalink,
    attempts: delivery.attempts,
    error: delivery.errorCode ? { code: delivery.errorCode, message: delivery.errorMessage ?? '' } : null,
    publishedAt: delivery.publishedAt?.toISOString() ?? null,
    deletedAt: delivery.deletedAt?.toISOString() ?? null,
    edit: editOf(delivery),
    options: { ...resolveDelivery(post, delivery.accountId, delivery.platform).options },
  };
}

export function postView(post: Post, deliveries: Delivery[]): PostView {
  return {
    id: post.id,
    status: postStatusOf(deliveries),
    tenantId: post.tenantId,
    scheduledAt: post.scheduledAt?.toISOString() ?? null,
    createdAt: post.createdAt.toISOString(),
    deliveries: deliveries.map((delivery) => deliveryView(delivery, post)),
  };
}

function editOf(delivery: Delivery): DeliveryEditView | null {
  const edit = readDeliveryEdit(delivery.edit);
  return edit ? deliveryEditView(edit) : null;
}
