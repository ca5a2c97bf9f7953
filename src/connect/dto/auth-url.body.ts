import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsOptional, IsString, IsUrl, Length, MaxLength } from 'class-validator';
import { DeprecatedAliasOf, deprecatedAliasDescription } from '../../common/http/deprecated-alias';
import { IsTenantId, TENANT_ID_PATTERN } from '../../common/tenant-id';

export class AuthUrlBody {
  @ApiProperty({ example: 'tenant-42', pattern: TENANT_ID_PATTERN.source })
  @IsTenantId()
  tenant_id!: string;

  @ApiProperty({
    example: 'https://app.example.com/connected',
    format: 'uri',
    maxLength: 2000,
    description:
      'Where the user comes back after connecting; must be one of your allowed redirect URLs (its query string is kept)',
  })
  @IsDefined({ message: 'redirect_uri is required' })
  @IsString({ message: 'redirect_uri must be a string' })
  @MaxLength(2000)
  @IsUrl(
    { require_tld: false, protocols: ['http', 'https'], require_protocol: true },
    { message: 'redirect_uri must be an absolute http(s) URL' },
  )
  redirect_uri!: string;

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: 256,
    example: 'user-42:9f86d081884c7d65',
    description:
      'Your own value for this connect attempt (for example your signed-in user, or a random value kept in their session). ' +
      'It comes back as `clientState` on the redirect, in the pending session and in account.connected: check it there, ' +
      'so that a link made by someone else cannot connect their account to your user',
  })
  @IsOptional()
  @IsString({ message: 'clientState must be a string' })
  @Length(1, 256, { message: 'clientState must be 1-256 characters' })
  clientState?: string;

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: 256,
    deprecated: true,
    description: deprecatedAliasDescription('clientState'),
  })
  @IsOptional()
  @IsString({ message: 'client_state must be a string' })
  @Length(1, 256, { message: 'client_state must be 1-256 characters' })
  @DeprecatedAliasOf('clientState')
  client_state?: string;

  @ApiPropertyOptional({
    example: 'alice.bsky.social',
    minLength: 1,
    maxLength: 253,
    description:
      'The account the user is about to connect, where the network can start from it: on Bluesky with atproto OAuth, a handle or ' +
      "DID, whose own authorization server (its PDS's) then shows the consent, the account filled in. Other networks ignore it",
  })
  @IsOptional()
  @IsString({ message: 'loginHint must be a string' })
  @Length(1, 253, { message: 'loginHint must be 1-253 characters' })
  loginHint?: string;

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: 253,
    deprecated: true,
    description: deprecatedAliasDescription('loginHint'),
  })
  @IsOptional()
  @IsString({ message: 'login_hint must be a string' })
  @Length(1, 253, { message: 'login_hint must be 1-253 characters' })
  @DeprecatedAliasOf('loginHint')
  login_hint?: string;
}

export class AuthUrlView {
  @ApiProperty({
    format: 'uri',
    example: 'https://www.facebook.com/v25.0/dialog/oauth?client_id=1234567890&state=st_9f86d081884c7d65',
  })
  auth_url!: string;

  @ApiPropertyOptional({
    format: 'uri',
    description:
      "Where the network also takes a password it issues for apps (Bluesky's app passwords) and auth_url is its consent page: " +
      "the service's own sign-in page for the same attempt, the alternative to offer the user. Either one completes the attempt.",
    example: 'https://api.example.com/oauth/bluesky/sign-in?state=st_9f86d081884c7d65',
  })
  passwordSignInUrl?: string;

  @ApiPropertyOptional({
    format: 'uri',
    deprecated: true,
    description: deprecatedAliasDescription('passwordSignInUrl'),
  })
  password_sign_in_url?: string;
}
