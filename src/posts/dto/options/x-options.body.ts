import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { NetworkOptionsBody } from './network-options.body';

/**
 * `options.x`: published as contracts/x/openapi.json's CreatePostsRequest says (src/networks/x/
 * x-post-options.ts checks the values and maps them). `@Allow()`: the value is the network rules'
 * to judge, with a 422 naming the path.
 */
export class XOptionsBody extends NetworkOptionsBody {
  @ApiPropertyOptional({
    description: 'A poll on the post (X takes no media and no quote with it)',
    type: 'object',
    required: ['options', 'durationMinutes'],
    properties: {
      options: { type: 'array', minItems: 2, maxItems: 4, items: { type: 'string', minLength: 1, maxLength: 25 } },
      durationMinutes: { type: 'integer', minimum: 5, maximum: 10_080 },
    },
  })
  @Allow()
  poll?: unknown;

  @ApiPropertyOptional({
    enum: ['everyone', 'following', 'mentionedUsers', 'subscribers', 'verified'],
    default: 'everyone',
    description: 'Who may reply',
  })
  @Allow()
  replySettings?: unknown;

  @ApiPropertyOptional({ pattern: '^[0-9]{1,19}$', description: 'The id of the X post this post quotes' })
  @Allow()
  quotePostId?: unknown;

  @ApiPropertyOptional({ pattern: '^[0-9]{1,19}$', description: 'The X community to post in' })
  @Allow()
  communityId?: unknown;
}
