import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';

export class CreateCommentBody {
  @ApiProperty({
    example: 'dlv_7Qm2dX0aP1',
    pattern: '^dlv_[0-9A-Za-z]{1,40}$',
    description: 'The published delivery to answer under',
  })
  @IsString()
  @Matches(/^dlv_[0-9A-Za-z]{1,40}$/, { message: 'deliveryId must be a delivery id (dlv_…)' })
  deliveryId!: string;

  @ApiProperty({
    minLength: 1,
    maxLength: 8000,
    example: 'Thanks for asking! It ships on Monday.',
    description:
      "The answer's text; the network's own limit applies too (X: 280 weighted characters, Instagram: 2,200)",
  })
  @IsString()
  @MinLength(1)
  @MaxLength(8000)
  text!: string;

  // Graph and X ids are digits (and _); LinkedIn's are URNs, `urn:li:comment:(urn:li:activity:1,2)`.
  // Each network checks its own shape before the answer is queued (CommentingAdapter.commentId).
  @ApiPropertyOptional({
    maxLength: 300,
    pattern: '^[\\x21-\\x7E]{1,300}$',
    example: '1866000000000000001',
    description:
      "The network's id of the comment answered (from GET …/comments); without it the answer goes under the post",
  })
  @IsOptional()
  @IsString()
  @MaxLength(300)
  // Printable and without spaces; each network's own shape (digits for Graph and X, an AT URI for
  // Bluesky) is checked before anything is sent.
  @Matches(/^[\x21-\x7E]{1,300}$/, { message: 'replyToId must be a comment id from the list of comments' })
  replyToId?: string;
}
