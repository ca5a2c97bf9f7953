import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { Rules } from './rules';

/**
 * More media than any network takes in one post (X 4, Facebook and Instagram 10), so that those
 * limits answer as a 422 naming the network; the bound only caps the work one request causes
 * (every URL is checked, by DNS when it is a name).
 */
const MAX_MEDIA_PER_CONTAINER = 20;

const MEDIA_ID_PATTERN = /^med_[0-9A-Za-z]{1,40}$/;

/** One medium of a container: a URL the service fetches, or an uploaded medium's id (POST /api/v1/media). */
export class MediaBody {
  @ApiPropertyOptional({
    example: 'https://cdn.example.com/photo.jpg',
    format: 'uri',
    maxLength: 2048,
    description: 'http(s) URL of the media file; its extension says what it is. Give either url or id.',
  })
  // Neither url nor id, or both: PostReview answers the 400 (a bound of two fields together).
  @Rules(IsOptional(), IsString({ message: '$property must be a string' }), MaxLength(2048))
  url?: string;

  @ApiPropertyOptional({
    example: 'med_3kTMd9fQe2xV7bLp1sWq0Z',
    pattern: MEDIA_ID_PATTERN.source,
    description: 'An uploaded medium (POST /api/v1/media), once ready. Give either url or id.',
  })
  @Rules(
    IsOptional(),
    IsString({ message: '$property must be a string' }),
    Matches(MEDIA_ID_PATTERN, { message: '$property must be a media id (med_…)' }),
  )
  id?: string;

  @ApiPropertyOptional({
    example: 'A loaf of sourdough on a wooden board',
    maxLength: 1000,
    description:
      'A description of the image or video for people who cannot see it. Sent where the network takes it; ' +
      'where it cannot, POST /posts/validate says so in `warnings` (never a refusal).',
  })
  @Rules(IsOptional(), IsString({ message: '$property must be a string' }), MaxLength(1000))
  altText?: string;
}

/**
 * The request's own bound on a container's text, above every network's: an X long post holds
 * 25,000 weighted characters, and X counts a URL as 23 whatever its length, so its text may hold
 * more characters than X counts. Each network's limit answers as a 422 naming it.
 */
const MAX_CONTENT_LENGTH = 50_000;

export class ContainerBody {
  @ApiPropertyOptional({
    example: 'Fresh bread, every morning.',
    maxLength: MAX_CONTENT_LENGTH,
    description: 'The text (may be empty when there is media)',
  })
  @Rules(IsOptional(), IsString({ message: '$property must be a string' }), MaxLength(MAX_CONTENT_LENGTH))
  content?: string;

  @ApiPropertyOptional({ type: [MediaBody], maxItems: MAX_MEDIA_PER_CONTAINER })
  @Rules(
    IsOptional(),
    IsArray({ message: '$property must be an array' }),
    ArrayMaxSize(MAX_MEDIA_PER_CONTAINER, { message: `$property can hold at most ${MAX_MEDIA_PER_CONTAINER} items` }),
  )
  @ValidateNested({ each: true })
  @Type(() => MediaBody)
  media?: MediaBody[];
}

/** The most containers a post (a thread) takes: more parts than any network's thread allows. */
const MAX_CONTAINERS = 25;

/**
 * A list of containers (the post's, a network's, an account's): containers[0] is the post, the
 * rest its thread. `required` for the post's own list; the others replace it when given.
 */
export const ContainerList = (options: { required: boolean; description: string }): PropertyDecorator =>
  applyDecorators(
    (options.required ? ApiProperty : ApiPropertyOptional)({
      type: [ContainerBody],
      minItems: 1,
      maxItems: MAX_CONTAINERS,
      description: options.description,
    }),
    Rules(
      options.required ? IsDefined({ message: '$property is required' }) : IsOptional(),
      IsArray({ message: '$property must be an array' }),
      ArrayMinSize(1, { message: '$property must hold at least the post itself' }),
      ArrayMaxSize(MAX_CONTAINERS),
    ),
    ValidateNested({ each: true }),
    Type(() => ContainerBody),
  );
