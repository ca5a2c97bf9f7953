import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { NetworksModule } from '../networks/networks.module';
import { CommentRequestStore } from './comment-request-store';
import { CommentsCalls } from './comments-call';
import { CommentsController } from './comments.controller';
import { CommentsService } from './comments.service';
import { PublishedDeliveries } from './published-delivery';
import { SendCommentTask } from './send-comment.task';

/**
 * Comments under published deliveries: read through to the networks, answered through the worker.
 * (The job queue and account lanes come from the global QueueModule.)
 */
@Module({
  imports: [AccountsModule, NetworksModule],
  controllers: [CommentsController],
  providers: [CommentsService, CommentRequestStore, CommentsCalls, PublishedDeliveries, SendCommentTask],
})
export class CommentsModule {}
