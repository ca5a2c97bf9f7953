import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { NetworkOptionsBody } from './network-options.body';

/** A person tagged on one medium, for the OpenAPI document only: Instagram's rules check the values (a 422). */
export class InstagramUserTagBody {
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: "The tagged medium: its index in the first container's media",
  })
  mediaIndex!: number;

  @ApiProperty({ example: 'bakery.friend', pattern: '^[A-Za-z0-9._]{1,30}$', description: 'An Instagram username' })
  username!: string;

  @ApiPropertyOptional({
    type: 'number',
    minimum: 0,
    maximum: 1,
    description:
      'Where on the image, from its left edge (0) to its right (1); required on images, optional on stories, not taken on videos',
  })
  x?: number;

  @ApiPropertyOptional({
    type: 'number',
    minimum: 0,
    maximum: 1,
    description:
      'Where on the image, from its top (0) to its bottom (1); required on images, optional on stories, not taken on videos',
  })
  y?: number;
}

/** A trial reel, shown to non-followers first, for the OpenAPI document only. */
export class InstagramTrialReelBody {
  @ApiProperty({
    enum: ['manual', 'performance'],
    description: 'manual: graduated in the Instagram app; performance: graduated by Instagram if it performs well',
  })
  graduation!: string;
}

/**
 * `options.instagram`: published as Meta's IG User Media reference says (src/networks/instagram/
 * instagram-post-options.ts checks the values and maps them). `@Allow()`: the value is the network
 * rules' to judge, with a 422 naming the path.
 */
export class InstagramOptionsBody extends NetworkOptionsBody {
  @ApiPropertyOptional({
    enum: ['feed', 'reel', 'story'],
    default: 'feed',
    description:
      'feed: an image, a carousel, or a single video (published as a reel); reel: one video; story: one image or video (its text is not published)',
  })
  @Allow()
  placement?: unknown;

  @ApiPropertyOptional({
    type: [String],
    maxItems: 3,
    example: ['bakery.friend'],
    description: 'Up to 3 Instagram usernames invited as collaborators (not on stories)',
  })
  @Allow()
  collaborators?: unknown;

  @ApiPropertyOptional({ type: [InstagramUserTagBody], description: 'People tagged on the media' })
  @Allow()
  userTags?: unknown;

  @ApiPropertyOptional({
    type: String,
    pattern: '^[0-9]{1,20}$',
    description: 'The id of a Facebook Page with a location (not on stories)',
  })
  @Allow()
  locationId?: unknown;

  @ApiPropertyOptional({
    type: Boolean,
    default: true,
    description: 'Reels only: also show the reel in the feed (false: in the Reels tab only)',
  })
  @Allow()
  shareToFeed?: unknown;

  @ApiPropertyOptional({
    type: String,
    format: 'uri',
    description: 'Reels only: a JPEG (8 MB at most) Instagram fetches as the cover; not with thumbOffsetMs',
  })
  @Allow()
  coverUrl?: unknown;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    description: 'Reels only: the frame used as the cover, in milliseconds from the start; not with coverUrl',
  })
  @Allow()
  thumbOffsetMs?: unknown;

  @ApiPropertyOptional({ type: InstagramTrialReelBody, description: 'Reels only: publish as a trial reel' })
  @Allow()
  trialReel?: unknown;
}
