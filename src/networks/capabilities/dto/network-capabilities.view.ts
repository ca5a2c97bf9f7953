import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { ACCOUNT_FEATURES } from '../../account-permissions';
import type { AccountFeature } from '../../account-permissions';
import { NETWORK_IDS } from '../../network-names';
import { TEXT_COUNTINGS } from '../network-capabilities';
import type { TextCounting } from '../network-capabilities';

/**
 * The capability document as the API answers it (GET /api/v1/networks/:network). Every value is
 * read from what the network's rules check (capability-document.ts builds it), so these classes
 * only describe its shape for the OpenAPI document and the SDK.
 */

/** A text limit that depends on the account. */
export class AccountMaxLengthView {
  @ApiProperty({ type: 'integer', example: 25000 })
  maxLength!: number;

  @ApiProperty({
    description: 'Which accounts have it',
    example: 'X accounts whose subscription (subscription_type) is Premium or PremiumPlus',
  })
  accounts!: string;
}

/** An installed network, as GET /api/v1/networks lists it. */
export class NetworkSummaryView {
  @ApiProperty({ enum: NETWORK_IDS, enumName: 'Network', example: 'x' })
  id!: string;

  @ApiProperty({ example: 'X' })
  displayName!: string;

  @ApiProperty({ type: [String], description: 'Other names the API takes for it (in paths)', example: ['twitter'] })
  aliases!: string[];
}

export class TextCapabilitiesView {
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      "The most characters one container's text may hold, counted as `counting` says; null: not limited here",
    example: 280,
  })
  maxLength!: number | null;

  @ApiProperty({
    enum: TEXT_COUNTINGS,
    enumName: 'TextCounting',
    description:
      '`weighted`: as X counts (twitter-text: a URL counts 23, an emoji or a CJK character 2, other characters 1); `utf16`: UTF-16 code units (an emoji counts 2); `code_points`: Unicode code points; `graphemes_emoji_bytes`: characters as people see them (grapheme clusters), an emoji counting the number of its UTF-8 bytes; `utf8_bytes`: the bytes of the text in UTF-8 (an accented letter 2, most emoji 4)',
    example: 'weighted',
  })
  counting!: TextCounting;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'The most hashtags a text may hold; null: not limited',
    example: 30,
  })
  maxHashtags!: number | null;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'The most @mentions a text may hold; null: not limited',
    example: 20,
  })
  maxMentions!: number | null;

  @ApiPropertyOptional({
    type: AccountMaxLengthView,
    description: 'A longer limit for the accounts that qualify (X: long posts), checked per account',
  })
  accountMaxLength?: AccountMaxLengthView;
}

/** An inclusive range of a video's duration. */
export class DurationRangeView {
  @ApiProperty({ type: 'integer', example: 500 })
  minMs!: number;

  @ApiProperty({ type: 'integer', example: 140000 })
  maxMs!: number;
}

/** What a placement takes of one kind of medium. */
export class MediaKindCapabilitiesView {
  @ApiProperty({
    type: [String],
    description: 'The file extensions a media URL of this kind may end in (lowercase)',
    example: ['jpg', 'jpeg', 'png', 'webp'],
  })
  formats!: string[];

  @ApiProperty({ type: 'integer', description: 'The most media of this kind in one post', example: 4 })
  maxItems!: number;

  @ApiProperty({
    description: 'True when a medium of this kind is published alone, with no other media',
    example: false,
  })
  alone!: boolean;

  @ApiProperty({
    type: 'integer',
    format: 'int64',
    nullable: true,
    description:
      'The largest uploaded file of this kind, in bytes (checked for media uploaded to the service); null: not limited here',
    example: 5242880,
  })
  maxBytes!: number | null;

  @ApiPropertyOptional({
    type: DurationRangeView,
    description: "An uploaded video's duration when it is the post's only medium",
  })
  duration?: DurationRangeView;

  @ApiPropertyOptional({
    type: DurationRangeView,
    description: "An uploaded video's duration among other media (an Instagram carousel); `duration` when absent",
  })
  durationAmongOthers?: DurationRangeView;
}

/** The kinds of media a placement takes; a kind left out is refused. */
export class MediaKindsView {
  @ApiPropertyOptional({ type: MediaKindCapabilitiesView })
  image?: MediaKindCapabilitiesView;

  @ApiPropertyOptional({ type: MediaKindCapabilitiesView })
  gif?: MediaKindCapabilitiesView;

  @ApiPropertyOptional({ type: MediaKindCapabilitiesView })
  video?: MediaKindCapabilitiesView;
}

export class PlacementMediaView {
  @ApiProperty({ type: 'integer', description: 'The fewest media a post needs', example: 0 })
  minItems!: number;

  @ApiProperty({ type: 'integer', description: 'The most media of any kinds together', example: 4 })
  maxItems!: number;

  @ApiProperty({ type: MediaKindsView })
  kinds!: MediaKindsView;
}

export class ThreadCapabilitiesView {
  @ApiProperty({
    enum: ['replies', 'comments'],
    description:
      'What the containers after the first become: replies (X) or comments under the post (Facebook, Instagram)',
    example: 'replies',
  })
  partsBecome!: 'replies' | 'comments';

  @ApiProperty({ description: 'Whether a later container may hold media', example: true })
  partMedia!: boolean;

  @ApiProperty({ description: 'Whether a later container needs text', example: false })
  partTextRequired!: boolean;
}

/** Where a post can go on the network (a feed post, a reel, a story) and what it takes there. */
export class PlacementView {
  @ApiProperty({ example: 'A post on the profile' })
  description!: string;

  @ApiPropertyOptional({
    type: TextCapabilitiesView,
    description: "The placement's own text limits, where they differ from the network's `text`",
  })
  text?: TextCapabilitiesView;

  @ApiPropertyOptional({
    type: ThreadCapabilitiesView,
    nullable: true,
    description: "The placement's own thread, where it differs from the network's `thread`; null: no later containers",
  })
  thread?: ThreadCapabilitiesView | null;

  @ApiPropertyOptional({
    type: [String],
    description:
      'The options of `options.<network>` this placement takes, where it takes fewer than `options.names`: any other is refused (`options_exclusive`)',
    example: ['placement', 'userTags'],
  })
  options?: string[];

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description:
      "An option's JSON Schema where this placement takes it otherwise than `options.schema` says (an Instagram reel's user tags take no coordinates)",
    example: { userTags: { type: 'array' } },
  })
  optionSchemas?: Record<string, unknown>;

  @ApiProperty({ type: PlacementMediaView })
  media!: PlacementMediaView;
}

export class UnpublishCapabilitiesView {
  @ApiProperty({
    description:
      'Whether POST /api/v1/posts/{id}/unpublish can delete posts of this network (with this deployment’s login)',
    example: true,
  })
  supported!: boolean;
}

export class EditCapabilitiesView {
  @ApiProperty({
    description:
      "Whether PATCH /api/v1/posts/{id} can change the text of this network's published posts (Facebook: a Page post's " +
      'message; LinkedIn: the commentary; X: within its edit window, for subscribed accounts); false where the ' +
      "network's API keeps a published post as it is (the delivery's edit says edit_not_supported)",
    example: true,
  })
  supported!: boolean;
}

export class CommentsCapabilitiesView {
  @ApiProperty({ description: 'Whether the comments under a published post can be read and answered', example: true })
  supported!: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The form of a comment id (what `replyToId` may be), in words; null when comments are not supported',
    example: 'a post id of 1 to 19 digits',
  })
  commentId!: string | null;
}

export class MetricNamesView {
  @ApiProperty({ type: [String], description: "A published post's metrics", example: ['impressions', 'likes'] })
  post!: string[];

  @ApiProperty({ type: [String], description: "An account's metrics", example: ['followers', 'following'] })
  account!: string[];
}

/** The permissions one feature of the service needs on this network. */
export class FeaturePermissionsView {
  @ApiProperty({ enum: ACCOUNT_FEATURES, enumName: 'AccountFeature', example: 'publish' })
  feature!: AccountFeature;

  @ApiProperty({
    type: 'array',
    items: { type: 'array', items: { type: 'string' } },
    description: 'Alternatives: the feature works when every permission of any one of them is granted',
    example: [['tweet.read', 'tweet.write', 'users.read']],
  })
  anyOf!: string[][];
}

export class OptionsCapabilitiesView {
  @ApiProperty({
    type: [String],
    description: 'The options `options.<network>` takes besides `containers`',
    example: ['poll'],
  })
  names!: string[];

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'The JSON Schema of `options.<network>` without `containers`: its bounds are those the validator checks (a value outside them is a 422 naming its path)',
    example: { type: 'object', additionalProperties: false, properties: {} },
  })
  schema!: Record<string, unknown>;
}

/** What a network takes, generated from the rules the validator runs (GET /api/v1/networks/{network}). */
@ApiExtraModels(PlacementView)
export class NetworkCapabilitiesView extends NetworkSummaryView {
  @ApiProperty({ type: TextCapabilitiesView })
  text!: TextCapabilitiesView;

  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: getSchemaPath(PlacementView) },
    description: 'Each placement by name (`feed`, `reel`, `story`), with the media it takes',
  })
  placements!: Record<string, PlacementView>;

  @ApiProperty({ description: 'The placement a post goes to when no option says otherwise', example: 'feed' })
  defaultPlacement!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The option of `options.<network>` that picks the placement; null when the network has one placement',
    example: null,
  })
  placementOption!: string | null;

  @ApiProperty({ type: ThreadCapabilitiesView })
  thread!: ThreadCapabilitiesView;

  @ApiProperty({ type: UnpublishCapabilitiesView })
  unpublish!: UnpublishCapabilitiesView;

  @ApiProperty({ type: EditCapabilitiesView, description: 'Editing the text of a published post' })
  editAfterPublishing!: EditCapabilitiesView;

  @ApiProperty({ type: CommentsCapabilitiesView })
  comments!: CommentsCapabilitiesView;

  @ApiProperty({ type: MetricNamesView })
  metrics!: MetricNamesView;

  @ApiProperty({
    type: [FeaturePermissionsView],
    description: 'The permissions each feature needs; a feature not listed needs nothing beyond connecting',
  })
  permissions!: FeaturePermissionsView[];

  @ApiProperty({ type: OptionsCapabilitiesView })
  options!: OptionsCapabilitiesView;
}
