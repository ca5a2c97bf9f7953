import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { ClockModule } from '../common/clock/clock.module';
import { DatabaseModule } from '../database';
import { NetworksModule } from '../networks';
import { PostsModule } from '../posts';
import { SchedulingModule } from '../scheduling';
import { WebhooksModule } from '../webhooks';
import { CommentScan } from './comment-scan';
import { ScanCommentsTask } from './scan-comments.task';
import { CommentsController } from './comments.controller';
import { CommentsStore } from './comments.store';
import { CommentsService } from './comments.service';
import { PublishedDeliveries } from './published-delivery';
import { SendCommentTask } from './send-comment.task';
import { QueueModule } from '../queue';

/**
 * Comments under published deliveries: read through to the networks, answered through the worker,
 * and new ones announced (comment.received) by a scan of recent deliveries.
 */
@Module({
  imports: [
    QueueModule,
    DatabaseModule,
    AccountsModule,
    NetworksModule,
    WebhooksModule,
    ClockModule,
    SchedulingModule,
    PostsModule,
  ],
  controllers: [CommentsController],
  providers: [CommentsService, CommentsStore, PublishedDeliveries, SendCommentTask, CommentScan, ScanCommentsTask],
  exports: [CommentScan, CommentsService],
})
export class CommentsModule {}
