import { ApiProperty } from '@nestjs/swagger';
import { NETWORK_IDS } from '../../networks';

export class AvailablePageView {
  @ApiProperty({
    example: '102938475610',
    description: "The page's or profile's id on the network; send it in selectedPageIds",
  })
  id!: string;

  @ApiProperty({ example: 'Acme Bakery' })
  name!: string;

  @ApiProperty({ example: 'acmebakery' })
  username!: string;

  @ApiProperty({ nullable: true, type: String, example: 'https://scontent.example/acme.jpg' })
  pictureUrl!: string | null;

  @ApiProperty({ example: 'page', description: 'page, instagram_business, profile, …' })
  type!: string;
}

export class PendingSessionView {
  @ApiProperty({ enum: NETWORK_IDS, enumName: 'Network', example: 'facebook' })
  network!: string;

  @ApiProperty({ example: 'tenant-42' })
  tenantId!: string;

  @ApiProperty({ format: 'date-time', example: '2026-11-21T20:30:00.000Z' })
  expiresAt!: string;

  @ApiProperty({
    nullable: true,
    type: String,
    example: 'user-42:9f86d081884c7d65',
    description: "The auth-url call's clientState: check it is your signed-in user's before finalizing",
  })
  clientState!: string | null;

  @ApiProperty({ type: [AvailablePageView] })
  availablePages!: AvailablePageView[];
}
