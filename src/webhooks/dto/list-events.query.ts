import { ApiPropertyOptional, ApiPropertyOptions } from '@nestjs/swagger';
import { Transform, TransformFnParams } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
  ValidationArguments,
} from 'class-validator';
import { PageQuery } from '../../common/http/page.query';
import { ALL_EVENT_TYPES } from '../event-types';

const KNOWN: readonly string[] = ALL_EVENT_TYPES;

/** `types=a,b` and `types=a&types=b` alike, as a list; anything else stays as it came, for the rules to refuse. */
export function typesFromQuery({ value }: TransformFnParams): unknown {
  const parts = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(parts) || !parts.every((part) => typeof part === 'string')) return value;
  return (parts as string[])
    .flatMap((part) => part.split(','))
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Names the types that are not event types, and the ones that are. */
export function unknownTypesMessage({ value }: ValidationArguments): string {
  const unknown = Array.isArray(value) ? value.filter((type) => !KNOWN.includes(type as string)) : [value];
  return `types: unknown event type ${unknown.map((type) => JSON.stringify(type)).join(', ')}; known types are ${KNOWN.join(', ')}`;
}

const EVENT_ID_PATTERN = '^evt_[0-9A-Za-z]{1,40}$';

/** GET /events: `limit`, and the place to start from as `after` or `cursor` (the same thing), and `types`. */
export class ListEventsQuery extends PageQuery {
  @ApiPropertyOptional({
    pattern: EVENT_ID_PATTERN,
    maxLength: 200,
    example: 'evt_5b0WqL3kTMd9fQe2xV7bLp',
    description:
      'Events after this one, oldest first: the id of the last event you read from this list (nextCursor is that id). ' +
      'Left out, the list starts at the oldest event kept. The same as `cursor`.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  after?: string;

  @ApiPropertyOptional({
    type: String,
    isArray: true,
    // Inline: with an enumName, @nestjs/swagger drops minItems and maxItems from a query parameter.
    enum: ALL_EVENT_TYPES,
    minItems: 1,
    maxItems: KNOWN.length * 2,
    // `types=post.published,post.failed`; the parameter repeated is taken too.
    style: 'form',
    explode: false,
    example: ['post.published', 'post.failed'],
    description: 'Only events of these types: comma-separated, or the parameter repeated',
  } as ApiPropertyOptions)
  @IsOptional()
  @Transform(typesFromQuery)
  @ArrayNotEmpty({ message: 'types must name at least one event type' })
  @ArrayMaxSize(KNOWN.length * 2, { message: `types names at most ${KNOWN.length * 2} types` })
  @IsIn(KNOWN, { each: true, message: unknownTypesMessage })
  types?: string[];
}

export const EVENT_ID = new RegExp(EVENT_ID_PATTERN);
