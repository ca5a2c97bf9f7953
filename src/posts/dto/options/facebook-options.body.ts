import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { NetworkOptionsBody } from './network-options.body';

/**
 * `options.facebook`: where on the Page the post goes and the link it shares
 * (src/networks/facebook/facebook-post-options.ts checks the values and says how they are published;
 * its unit test holds this class's enum and bound to the rules'). `@Allow()`: the value is the
 * network rules' to judge, with a 422 naming the path.
 */
export class FacebookOptionsBody extends NetworkOptionsBody {
  @ApiPropertyOptional({
    enum: ['feed', 'reel', 'story'],
    default: 'feed',
    description:
      'feed: a Page post; reel: one video of 3 to 90 s as a reel; story: one photo or one video (at most 60 s) as a Page story, without text',
  })
  @Allow()
  placement?: unknown;

  @ApiPropertyOptional({
    type: String,
    format: 'uri',
    maxLength: 2048,
    description: "A link (http or https) shared by a feed post without media: Facebook shows the link's preview",
  })
  @Allow()
  link?: unknown;
}
