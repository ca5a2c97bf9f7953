import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsOptional, ValidateNested } from 'class-validator';
import { InstagramOptionsBody } from './instagram-options.body';
import { XOptionsBody } from './x-options.body';
import { FacebookOptionsBody } from './facebook-options.body';

/**
 * `options`, keyed by network id: one class per network, naming its options for the OpenAPI
 * document; their values are checked by the network's rules (NetworkAdapter.postOptions).
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

  @ApiPropertyOptional({ type: FacebookOptionsBody })
  @IsOptional()
  @ValidateNested()
  @Type(() => FacebookOptionsBody)
  facebook?: FacebookOptionsBody;
}
