import { ApiProperty } from '@nestjs/swagger';
import { MEDIA_STATES } from '../media.entity';
import type { MediaState } from '../media.entity';

export class MediaView {
  @ApiProperty({ example: 'med_3kTMd9fQe2xV7bLp1sWq0Z' })
  id!: string;

  @ApiProperty({
    enum: MEDIA_STATES,
    enumName: 'MediaState',
    description:
      'awaiting_upload until the bytes arrive (uploading while they do), then ready (usable in posts) or failed (PUT again while the upload URL lasts)',
  })
  state!: MediaState;

  @ApiProperty({ example: 'image/jpeg' })
  contentType!: string;

  @ApiProperty({ type: 'integer', example: 48213 })
  size!: number;

  @ApiProperty({ nullable: true, type: String, example: 'bakery.jpg' })
  filename!: string | null;

  @ApiProperty({
    nullable: true,
    type: 'integer',
    example: null,
    description:
      "A video's duration in milliseconds, read from the file as it uploads; null for images, before the upload, and for videos uploaded before durations were read",
  })
  durationMs!: number | null;

  @ApiProperty({ nullable: true, type: String, example: null, description: 'Why the upload failed' })
  failure!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ nullable: true, type: String, format: 'date-time' })
  uploadedAt!: string | null;
}

export class CreatedMediaView extends MediaView {
  @ApiProperty({
    format: 'uri',
    example:
      'https://api.example.com/media-uploads/med_3kTMd9fQe2xV7bLp1sWq0Z.jpg?expires=1767225600&signature=' +
      '0f'.repeat(32),
    description:
      'PUT the file here, with its Content-Type and no API key, before expiresAt; the body must be exactly `size` bytes',
  })
  uploadUrl!: string;

  @ApiProperty({ format: 'date-time' })
  expiresAt!: string;
}
