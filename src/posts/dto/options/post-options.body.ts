import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsOptional, ValidateNested } from 'class-validator';
import { NetworkOptionsBody } from './network-options.body';
import { XOptionsBody } from './x-options.body';
import { FacebookOptionsBody } from './facebook-options.body';

/**
 * `options`, keyed by network id: one class per network. Instagram and Facebook take only
 * `containers` so far; their options join their classes here (and their rules their adapters).
 */
export class PostOptionsBody {
  @ApiPropertyOptional({ type: XOptionsBody })
  @IsOptional()
  @ValidateNested()
  @Type(() => XOptionsBody)
  x?: XOptionsBody;

  @ApiPropertyOptional({ type: NetworkOptionsBody })
  @IsOptional()
  @ValidateNested()
  @Type(() => NetworkOptionsBody)
  instagram?: NetworkOptionsBody;

  @ApiPropertyOptional({ type: FacebookOptionsBody })
  @IsOptional()
  @ValidateNested()
  @Type(() => FacebookOptionsBody)
  facebook?: FacebookOptionsBody;
}
