import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { NetworkOptionsBody } from './network-options.body';

/** A poll, for the OpenAPI document only: its values are checked by X's rules (a 422), not by this class. */
export class XPollBody {
  @ApiProperty({ type: [String], minItems: 2, maxItems: 4, description: '2 to 4 choices, each 1 to 25 characters' })
  options!: string[];

  @ApiProperty({ type: 'integer', minimum: 5, maximum: 10_080, description: 'How long the poll is open, in minutes' })
  durationMinutes!: number;
}

/**
 * `options.x`: published as contracts/x/openapi.json's CreatePostsRequest says (src/networks/x/
 * x-post-options.ts checks the values and maps them). `@Allow()`: the value is the network rules'
 * to judge, with a 422 naming the path.
 */
export class XOptionsBody extends NetworkOptionsBody {
  @ApiPropertyOptional({ type: XPollBody, description: 'A poll on the post (X takes no media and no quote with it)' })
  @Allow()
  poll?: unknown;

  @ApiPropertyOptional({
    enum: ['everyone', 'following', 'mentionedUsers', 'subscribers', 'verified'],
    description: 'Who may reply (everyone when absent)',
  })
  @Allow()
  replySettings?: unknown;

  @ApiPropertyOptional({ type: String, pattern: '^[0-9]{1,19}$', description: 'The id of the X post this post quotes' })
  @Allow()
  quotePostId?: unknown;

  @ApiPropertyOptional({ type: String, pattern: '^[0-9]{1,19}$', description: 'The X community to post in' })
  @Allow()
  communityId?: unknown;
}
