/** What other modules may use from posts/: everything else in the folder is its own. */
export { DeliveriesStore } from './deliveries.store';
export { Delivery } from './delivery.entity';
export { DeliveryView, PostView } from './dto/post.view';
export { ApiIdempotencyKey, checkedIdempotencyKey } from './idempotency-key-header';
export { claimIdempotencyKey, requestHash } from './idempotency';
export { permissionMessage } from './permission-problems';
export { POST_STATUSES, postStatusOf } from './post-status';
export type { PostStatus } from './post-status';
export { postView } from './post-views';
export { resolveDelivery } from './post-variants';
export type { StoredContainer } from './post.entity';
export { PostsModule } from './posts.module';
export { PostChartsStore } from './post-charts.store';
export type { DayStatusShape, NetworkOutcome } from './post-charts.store';
export { PostsStore } from './posts.store';
export { recentDeliveriesSql } from './recent-deliveries.sql';
export { afterFailure } from './retry-policy';
export type { WaitCode } from './retry-policy';
