import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsDefined, IsString, MaxLength } from 'class-validator';

export class FinalizeSessionBody {
  @ApiProperty({
    type: String,
    isArray: true,
    minItems: 1,
    maxItems: 100,
    maxLength: 200,
    example: ['102938475610'],
    description: 'Ids from availablePages to connect',
  })
  @IsDefined({ message: 'selectedPageIds is required' })
  @IsArray({ message: 'selectedPageIds must be an array of page ids' })
  @ArrayNotEmpty({ message: 'selectedPageIds must name at least one page' })
  @ArrayMaxSize(100)
  @IsString({ each: true, message: 'selectedPageIds must contain strings' })
  @MaxLength(200, { each: true })
  selectedPageIds!: string[];
}
