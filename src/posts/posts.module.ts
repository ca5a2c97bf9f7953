import { Module } from '@nestjs/common';
import { DatabaseModule } from '../database';
import { ClockModule } from '../common/clock/clock.module';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts';
import { UrlSafety } from '../common/url-safety';
import { MediaReachability } from './media-reachability';
import { MediaModule } from '../media';
import { NetworksModule } from '../networks';
import { WebhooksModule } from '../webhooks';
import { Delivery } from './delivery.entity';
import { Post } from './post.entity';
import { PostAcceptance } from './post-acceptance';
import { ContainerResolver } from './container-resolver';
import { PostReview } from './post-review';
import { PostEditor } from './post-editor';
import { PostsController } from './posts.controller';
import { PostsService } from './posts.service';
import { PostWriter } from './post-writer';
import { PostWriteBatcher } from './post-write-batcher';
import { DeliveriesStore } from './deliveries.store';
import { PostChartsStore } from './post-charts.store';
import { PostsStore } from './posts.store';
import { PublishDeliveryTask } from './publish-delivery.task';
import { PublishLane } from './publish-lane';
import { PurgeIdempotencyKeys } from './purge-idempotency-keys.task';
import { UnpublishDeliveryTask } from './unpublish/unpublish-delivery.task';
import { UnpublishService } from './unpublish/unpublish.service';
import { QueueModule } from '../queue';
import { DeliveryRetryController } from './retry/delivery-retry.controller';
import { DeliveryRetryService } from './retry/delivery-retry.service';
import { DeliveryRetryStore } from './retry/delivery-retry.store';
import { AttemptTraces } from './attempts/attempt-traces';
import { DeliveryAttemptsController } from './attempts/delivery-attempts.controller';
import { DeliveryAttemptsService } from './attempts/delivery-attempts.service';
import { DeliveryAttemptsStore } from './attempts/delivery-attempts.store';
import { PublishedPostEditor } from './edit/published-post-editor';
import { DeliveryEditsStore } from './edit/delivery-edits.store';
import { EditDeliveryTask } from './edit/edit-delivery.task';

/** Posts, their deliveries, and the lane that publishes them. */
@Module({
  imports: [
    QueueModule,
    TypeOrmModule.forFeature([Post, Delivery]),
    DatabaseModule,
    AccountsModule,
    NetworksModule,
    WebhooksModule,
    MediaModule,
    ClockModule,
  ],
  controllers: [PostsController, DeliveryRetryController, DeliveryAttemptsController],
  providers: [
    PostsService,
    PostEditor,
    PostChartsStore,
    PostAcceptance,
    PostReview,
    ContainerResolver,
    PostWriter,
    PostWriteBatcher,
    PostsStore,
    DeliveriesStore,
    PublishDeliveryTask,
    PublishLane,
    PurgeIdempotencyKeys,
    UrlSafety,
    MediaReachability,
    UnpublishService,
    UnpublishDeliveryTask,
    DeliveryRetryService,
    DeliveryRetryStore,
    AttemptTraces,
    DeliveryAttemptsService,
    DeliveryAttemptsStore,
    PublishedPostEditor,
    DeliveryEditsStore,
    EditDeliveryTask,
  ],
  exports: [PostsStore, PostChartsStore, DeliveriesStore, DeliveryAttemptsService],
})
export class PostsModule {}
