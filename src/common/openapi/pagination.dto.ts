import { ApiProperty } from '@nestjs/swagger';
import type { Pagination } from '../http/paginated';

export class PaginationDto implements Pagination {
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'MTc5NTI4ODk2ODYzMTEyM3xhY2NfM2tUTWQ5ZlFlMnhWN2JMcDFzV3EwWg',
    description: 'Opaque. Pass it as `cursor` to get the next page; null on the last page.',
  })
  nextCursor!: string | null;
}
