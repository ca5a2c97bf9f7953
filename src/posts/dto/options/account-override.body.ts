import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsObject, IsOptional, IsString } from 'class-validator';
import { ContainerBody, ContainerList } from '../container.body';
import { Rules } from '../rules';

/**
 * One account's own content and options (`accountOverrides[i]`). Its `options` are those of the
 * account's network, known only once the account is read: the network's rules check them (a 422
 * naming `accountOverrides[i].options.<name>`), as they do `options.<network>`.
 */
export class AccountOverrideBody {
  @ApiProperty({ example: 'acc_3kTMd9fQe2xV7bLp1sWq0Z', description: 'One of the post’s accounts' })
  @Rules(IsDefined({ message: '$property is required' }), IsString({ message: '$property must be an account id' }))
  account!: string;

  @ContainerList({
    required: false,
    description: "This account's own containers (win over options.<network>.containers)",
  })
  containers?: ContainerBody[];

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: "Options of the account's network (as options.<network>, without containers); win over them",
  })
  @Rules(IsOptional(), IsObject({ message: '$property must be an object' }))
  options?: Record<string, unknown>;
}
