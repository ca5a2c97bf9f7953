import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsOptional, ValidateNested } from 'class-validator';
import { ContainerBody } from '../container.body';
import { Rules } from '../rules';

/**
 * What every network's options hold: `containers`, which replace the post's containers for that
 * network's accounts. Each network's options class extends it with the options of its own; their
 * values are checked by the network's rules (NetworkAdapter.postOptions, a 422 naming the path),
 * so a class here only names them, for the OpenAPI document and so that an unknown name is a 400.
 */
export class NetworkOptionsBody {
  @ApiPropertyOptional({
    type: [ContainerBody],
    minItems: 1,
    maxItems: 25,
    description: "Replaces the post's containers for this network's accounts (an account override wins over it)",
  })
  @Rules(
    IsOptional(),
    IsArray({ message: '$property must be an array' }),
    ArrayMinSize(1, { message: '$property must hold at least the post itself' }),
    ArrayMaxSize(25),
  )
  @ValidateNested({ each: true })
  @Type(() => ContainerBody)
  containers?: ContainerBody[];
}
