import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { FACEBOOK_LINK_MAX_LENGTH, FACEBOOK_PLACEMENTS } from '../../../networks/facebook/facebook-post-options';
import { NetworkOptionsBody } from './network-options.body';

/**
 * `options.facebook`: where on the Page the post goes and the link it shares
 * (src/networks/facebook/facebook-post-options.ts checks the values and says how they are published).
 * `@Allow()`: the value is the network rules' to judge, with a 422 naming the path.
 */
export class FacebookOptionsBody extends NetworkOptionsBody {
  @ApiPropertyOptional({
    enum: [...FACEBOOK_PLACEMENTS],
    default: 'feed',
    description:
      'feed: a Page post; reel: one video of 3 to 90 s as a reel; story: one photo or one video (at most 60 s) as a Page story, without text',
  })
  @Allow()
  placement?: unknown;

  @ApiPropertyOptional({
    type: String,
    format: 'uri',
    maxLength: FACEBOOK_LINK_MAX_LENGTH,
    description: "A link (http or https) shared by a feed post without media: Facebook shows the link's preview",
  })
  @Allow()
  link?: unknown;
}
