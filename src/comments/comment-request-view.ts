import { CommentRequestRow } from './comment-request-store';
import { CommentRequestView } from './dto/comment.view';

export function commentRequestView(row: CommentRequestRow): CommentRequestView {
  return {
    id: row.id,
    postId: row.post_id,
    deliveryId: row.delivery_id,
    text: row.text,
    replyToId: row.reply_to_id,
    status: row.status,
    platformCommentId: row.platform_comment_id,
    attempts: row.attempts,
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
    createdAt: new Date(row.created_at).toISOString(),
    sentAt: row.sent_at ? new Date(row.sent_at).toISOString() : null,
  };
}
