import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsString, Length, MaxLength } from 'class-validator';

export class PutWebhookBody {
  @ApiProperty({ example: 'https://api.example.com/hooks/social', description: 'https (http or a private address only where the service allows it, for local use)' })
  @IsDefined({ message: 'url is required' })
  @IsString({ message: 'url must be a string' })
  @MaxLength(2048)
  url!: string;

  @ApiProperty({ example: 'whsec-at-least-16-characters', minLength: 16, maxLength: 256, writeOnly: true })
  @IsDefined({ message: 'webhook_secret is required' })
  @IsString({ message: 'webhook_secret must be a string' })
  @Length(16, 256, { message: 'webhook_secret must be 16-256 characters' })
  webhook_secret!: string;
}
