import { CommentRequest } from './comment-request';
import { CommentRequestView } from './dto/comment.view';

export function commentRequestView(request: CommentRequest): CommentRequestView {
  return {
    id: request.id,
    postId: request.postId,
    deliveryId: request.deliveryId,
    text: request.text,
    replyToId: request.replyToId,
    status: request.status,
    platformCommentId: request.platformCommentId,
    attempts: request.attempts,
    error: request.errorCode ? { code: request.errorCode, message: request.errorMessage ?? '' } : null,
    createdAt: new Date(request.createdAt).toISOString(),
    sentAt: request.sentAt ? new Date(request.sentAt).toISOString() : null,
  };
}
