import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsDefined,
  IsISO8601,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  ValidateNested,
} from 'class-validator';
import { IsTenantId, TENANT_ID_PATTERN } from '../../common/tenant-id';
import { ContainerBody, ContainerList } from './container.body';
import { AccountOverrideBody } from './options/account-override.body';
import { PostOptionsBody } from './options/post-options.body';
import { Rules } from './rules';

export { ContainerBody, MediaBody } from './container.body';

/**
 * scheduledAt's form: RFC 3339 (a calendar date, a time, a UTC offset). ISO 8601 alone also admits a
 * time without an offset (which Date reads in the server's local time), a date alone, and week or
 * ordinal dates (which Date cannot read at all): each would schedule the post at another moment than meant.
 */
const SCHEDULED_AT_FORM = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

export const ACCOUNT_ID_PATTERN = /^acc_[0-9A-Za-z]{1,40}$/;

/** `accounts`, required in a new post, optional in a patch. */
export const AccountIds = (required: boolean): PropertyDecorator =>
  applyDecorators(
    (required ? ApiProperty : ApiPropertyOptional)({
      type: String,
      isArray: true,
      minItems: 1,
      maxItems: 50,
      uniqueItems: true,
      pattern: ACCOUNT_ID_PATTERN.source,
      example: ['acc_3kTMd9fQe2xV7bLp1sWq0Z'],
      description: 'Connected account ids to publish to',
    }),
    Rules(
      required ? IsDefined({ message: '$property is required' }) : IsOptional(),
      IsArray({ message: '$property must be an array of account ids' }),
      ArrayMinSize(1, { message: '$property must name at least one account' }),
      ArrayMaxSize(50),
      IsString({ each: true, message: '$property must contain account ids' }),
      Matches(ACCOUNT_ID_PATTERN, { each: true, message: '$property must contain account ids (acc_…)' }),
      ArrayUnique({ message: '$property must not repeat an account' }),
    ),
  );

/** `scheduledAt`: in a patch, null takes the schedule away (IsOptional lets the null through). */
export const ScheduledAt = (patch: boolean): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({
      format: 'date-time',
      example: '2026-12-01T09:00:00.000Z',
      ...(patch ? { type: String, nullable: true } : {}),
      description:
        'Publish later: an ISO 8601 / RFC 3339 date-time with a UTC offset (Z or ±hh:mm), in the future, within a year' +
        (patch ? '; null takes the schedule away, and the post publishes as soon as the edit is accepted' : ''),
    }),
    Rules(
      IsOptional(),
      IsISO8601({ strict: true }, { message: '$property must be an ISO 8601 date-time' }),
      Matches(SCHEDULED_AT_FORM, {
        message:
          '$property must be a calendar date, a time and a UTC offset, as in 2026-12-01T09:00:00Z or 2026-12-01T10:00:00+01:00',
      }),
    ),
  );

/** `options`: each network's options. */
export const PostOptions = (): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({
      type: PostOptionsBody,
      description:
        "Each network's options, keyed by network id; a network's `containers` replace the post's for its accounts",
    }),
    Rules(IsOptional(), IsObject({ message: '$property must be an object keyed by network id' })),
    ValidateNested(),
    Type(() => PostOptionsBody),
  );

/** `accountOverrides`: content and options for one account. */
export const AccountOverrides = (): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({
      type: [AccountOverrideBody],
      maxItems: 50,
      description:
        'Content and options for one account of the post; wins over options.<network>.containers, which win over containers',
    }),
    Rules(IsOptional(), IsArray({ message: '$property must be an array' }), ArrayMaxSize(50)),
    ValidateNested({ each: true }),
    Type(() => AccountOverrideBody),
  );

export class CreatePostBody {
  @ApiProperty({ example: 'tenant-42', pattern: TENANT_ID_PATTERN.source })
  @IsTenantId()
  tenant_id!: string;

  @AccountIds(true)
  accounts!: string[];

  @ContainerList({ required: true, description: 'containers[0] is the post; further containers are its thread' })
  containers!: ContainerBody[];

  @ScheduledAt(false)
  scheduledAt?: string;

  @PostOptions()
  options?: PostOptionsBody;

  @AccountOverrides()
  accountOverrides?: AccountOverrideBody[];

  @ApiPropertyOptional({
    description:
      'Keep the post as a draft (false when left out): checked as any post (one that could not publish is refused as POST /posts refuses it), ' +
      'then neither published nor scheduled until POST /api/v1/posts/{id}/publish',
  })
  @Rules(IsOptional(), IsBoolean({ message: '$property must be true or false' }))
  draft?: boolean;
}
