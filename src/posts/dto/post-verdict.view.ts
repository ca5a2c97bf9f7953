import { ApiProperty } from '@nestjs/swagger';
import { NETWORK_IDS } from '../../networks';
import { PROBLEM_RULES } from '../post-problem';
import type { ProblemRule } from '../post-problem';

export class PostProblemView {
  @ApiProperty({ description: 'Where in the request body', example: 'containers[0].content' })
  field!: string;

  @ApiProperty({ enum: PROBLEM_RULES, description: 'Which rule, by a stable name', example: 'text_too_long' })
  rule!: ProblemRule;

  @ApiProperty({
    example: 'An X post has at most 280 weighted characters (got 281; a URL counts 23, an emoji or CJK character 2)',
  })
  message!: string;
}

export class AccountVerdictView {
  @ApiProperty({ example: 'acc_3kTMd9fQe2xV7bLp1sWq0Z' })
  accountId!: string;

  @ApiProperty({
    enum: NETWORK_IDS,
    nullable: true,
    type: String,
    example: 'x',
    description: "The account's network; null when it is not a connected account of the tenant",
  })
  platform!: string | null;

  @ApiProperty({ description: "True when neither the account nor its network's rules refuse the post" })
  valid!: boolean;

  @ApiProperty({
    type: [PostProblemView],
    description: "The account's own state (unknown, expired, disconnected) and its network's content rules",
  })
  problems!: PostProblemView[];
}

export class PostVerdictView {
  @ApiProperty({ description: 'True exactly when POST /api/v1/posts would accept this body now' })
  valid!: boolean;

  @ApiProperty({
    type: [PostProblemView],
    description: 'Problems of the whole post, whatever the account: scheduledAt, media URLs',
  })
  problems!: PostProblemView[];

  @ApiProperty({ type: [AccountVerdictView], description: 'One verdict per account, in the order of `accounts`' })
  accounts!: AccountVerdictView[];

  @ApiProperty({
    type: [PostProblemView],
    description:
      'What may fail later without making the post invalid now: `media_url_unreachable`, a media URL that did not ' +
      'give its file when fetched (an HTTP error or no answer within 5 s), as a network fetching it would find. The ' +
      'file may be there by the time the post is published, so `valid` does not depend on warnings.',
  })
  warnings!: PostProblemView[];
}
