import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsOptional, ValidateNested } from 'class-validator';
import { NetworkOptionsBody } from './network-options.body';
import { InstagramOptionsBody } from './instagram-options.body';
import { XOptionsBody } from './x-options.body';

/**
 * `options`, keyed by network id: one class per network. Facebook takes only `containers` so far;
 * its options join its class here (and its rules its adapter).
 */
export class PostOptionsBody {
  @ApiPropertyOptional({ type: XOptionsBody })
  @IsOptional()
  @ValidateNested()
  @Type(() => XOptionsBody)
  x?: XOptionsBody;

  @ApiPropertyOptional({ type: InstagramOptionsBody })
  @IsOptional()
  @ValidateNested()
  @Type(() => InstagramOptionsBody)
  instagram?: InstagramOptionsBody;

  @ApiPropertyOptional({ type: NetworkOptionsBody })
  @IsOptional()
  @ValidateNested()
  @Type(() => NetworkOptionsBody)
  facebook?: NetworkOptionsBody;
}
