/** The graphile-worker task that sends one answer. */
export const SEND_COMMENT_TASK = 'send-comment';

export const sendCommentJobKey = (requestId: string) => `comment:${requestId}`;

export type CommentRequestStatus = 'queued' | 'sending' | 'sent' | 'failed';

/** An answer asked for under a published delivery, and how far it got. */
export interface CommentRequest {
  id: string;
  customerId: string;
  postId: string;
  deliveryId: string;
  accountId: string;
  text: string;
  replyToId: string | null;
  status: CommentRequestStatus;
  attempts: number;
  rateLimitWaits: number;
  platformCommentId: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  nextAttemptAt: Date | null;
  createdAt: Date;
  sentAt: Date | null;
}

export type NewCommentRequest = Pick<
  CommentRequest,
  'id' | 'customerId' | 'postId' | 'deliveryId' | 'accountId' | 'text' | 'replyToId'
>;

/** Why an attempt could not begin. */
export type BeginRefusal = 'final' | 'lost_claim';
