/** What other modules may use from comments/: everything else in the folder is its own. */
export { CommentsModule } from './comments.module';
export { CommentsService } from './comments.service';
export { CommentRequestView, CommentView } from './dto/comment.view';
