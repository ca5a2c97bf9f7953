import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { wholeNumberFromQuery } from '../../common/http/page.query';

export class ListCommentsQuery {
  @ApiProperty({
    example: 'dlv_7Qm2dX0aP1',
    pattern: '^dlv_[0-9A-Za-z]{1,40}$',
    description: 'A published delivery of the post',
  })
  @IsString()
  @Matches(/^dlv_[0-9A-Za-z]{1,40}$/, { message: 'deliveryId must be a delivery id (dlv_…)' })
  deliveryId!: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: 100,
    default: 25,
    example: 25,
    description: '1-100, default 25. X answers at least 10 per page.',
  })
  @IsOptional()
  @Transform(wholeNumberFromQuery)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1)
  @Max(100)
  limit?: number;

  @ApiPropertyOptional({ maxLength: 1000, description: 'nextCursor from the previous page' })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  cursor?: string;
}
