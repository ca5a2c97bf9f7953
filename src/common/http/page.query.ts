import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, TransformFnParams } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/**
 * A query value of digits only, as a number; anything else stays as it came so that IsInt refuses
 * it by name (implicit conversion is off: it would turn "abc" into NaN and "" into 0).
 */
export function wholeNumberFromQuery({ value }: TransformFnParams): unknown {
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
}

/** `limit` and `cursor`, shared by every newest-first list. */
export class PageQuery {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: 100,
    default: 20,
    example: 20,
    description: '1-100, default 20',
  })
  @IsOptional()
  @Transform(wholeNumberFromQuery)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1)
  @Max(100)
  limit?: number;

  @ApiPropertyOptional({ maxLength: 200, description: 'nextCursor from the previous page' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  cursor?: string;
}
