import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsString, IsUrl, MaxLength } from 'class-validator';
import { IsTenantId } from '../../common/tenant-id';

export class AuthUrlBody {
  @ApiProperty({ example: 'tenant-42' })
  @IsTenantId()
  tenant_id!: string;

  @ApiProperty({
    example: 'https://app.example.com/connected',
    description: 'Where the user comes back after connecting; must be one of your allowed redirect URLs (its query string is kept)',
  })
  @IsDefined({ message: 'redirect_uri is required' })
  @IsString({ message: 'redirect_uri must be a string' })
  @MaxLength(2000)
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true }, { message: 'redirect_uri must be an absolute http(s) URL' })
  redirect_uri!: string;
}

export class AuthUrlView {
  @ApiProperty({ example: 'https://www.facebook.com/v25.0/dialog/oauth?client_id=…&state=…' })
  auth_url!: string;
}
