import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsDefined,
  IsISO8601,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { IsTenantId } from '../../common/tenant-id';

export class MediaBody {
  @ApiProperty({ example: 'https://cdn.example.com/photo.jpg', description: 'http(s) URL of the media file; its extension says what it is' })
  @IsDefined({ message: '$property is required' })
  @IsString({ message: '$property must be a string' })
  @MaxLength(2048)
  url!: string;
}

export class ContainerBody {
  @ApiPropertyOptional({ example: 'Fresh bread, every morning.', description: 'The text (may be empty when there is media)' })
  @IsOptional()
  @IsString({ message: '$property must be a string' })
  @MaxLength(10_000)
  content?: string;

  @ApiPropertyOptional({ type: [MediaBody] })
  @IsOptional()
  @IsArray({ message: '$property must be an array' })
  @ArrayMaxSize(10, { message: '$property can hold at most 10 items' })
  @ValidateNested({ each: true })
  @Type(() => MediaBody)
  media?: MediaBody[];
}

export class CreatePostBody {
  @ApiProperty({ example: 'tenant-42' })
  @IsTenantId()
  tenant_id!: string;

  @ApiProperty({ type: [String], example: ['acc_3kTMd9fQe2xV7bLp1sWq0Z'], description: 'Connected account ids to publish to' })
  @IsDefined({ message: '$property is required' })
  @IsArray({ message: '$property must be an array of account ids' })
  @ArrayMinSize(1, { message: '$property must name at least one account' })
  @ArrayMaxSize(50)
  @ArrayUnique({ message: '$property must not repeat an account' })
  @IsString({ each: true, message: '$property must contain account ids' })
  @Matches(/^acc_[0-9A-Za-z]{1,40}$/, { each: true, message: '$property must contain account ids (acc_…)' })
  accounts!: string[];

  @ApiProperty({ type: [ContainerBody], description: 'containers[0] is the post; further containers are its thread' })
  @IsDefined({ message: '$property is required' })
  @IsArray({ message: '$property must be an array' })
  @ArrayMinSize(1, { message: '$property must hold at least the post itself' })
  @ArrayMaxSize(25)
  @ValidateNested({ each: true })
  @Type(() => ContainerBody)
  containers!: ContainerBody[];

  @ApiPropertyOptional({ example: '2026-12-01T09:00:00.000Z', description: 'Publish later (ISO 8601, in the future, within a year)' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: '$property must be an ISO 8601 date-time' })
  scheduledAt?: string;
}
