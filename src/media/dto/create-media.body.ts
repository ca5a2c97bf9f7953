import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { MAX_MEDIA_BYTES, MEDIA_CONTENT_TYPES } from '../media-types';

/** A file name without paths or control characters. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it refuses
const FILENAME_PATTERN = /^[^/\\\x00-\x1f\x7f]+$/;

export class CreateMediaBody {
  @ApiProperty({ enum: MEDIA_CONTENT_TYPES, example: 'image/jpeg', description: 'The type of the file to upload' })
  @IsDefined({ message: '$property is required' })
  @IsIn(MEDIA_CONTENT_TYPES, { message: `$property must be one of ${MEDIA_CONTENT_TYPES.join(', ')}` })
  contentType!: string;

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    maximum: MAX_MEDIA_BYTES,
    example: 48213,
    description: 'The exact size of the file in bytes; the upload must be exactly this long',
  })
  @IsDefined({ message: '$property is required' })
  @IsInt({ message: '$property must be an integer' })
  @Min(1)
  @Max(MAX_MEDIA_BYTES)
  size!: number;

  @ApiPropertyOptional({ example: 'bakery.jpg', maxLength: 255, pattern: FILENAME_PATTERN.source })
  @IsOptional()
  @IsString({ message: '$property must be a string' })
  @MaxLength(255)
  @Matches(FILENAME_PATTERN, { message: '$property must be a file name (no slashes or control characters)' })
  filename?: string;
}
