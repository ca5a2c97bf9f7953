import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedCustomer } from '../auth';
import { CurrentCustomer } from '../auth';
import { PageQuery } from '../common/http/page.query';
import { Paginated } from '../common/http/paginated';
import { ResourceIdPipe } from '../common/http/resource-id.pipe';
import { ApiEnvelope, ApiErrors } from '../common/openapi/api-envelope.decorator';
import { ApiResourceId } from '../common/openapi/api-resource-id.decorator';
import { CreateMediaBody } from './dto/create-media.body';
import { CreatedMediaView, MediaView } from './dto/media.view';
import { MediaService } from './media.service';

@ApiTags('Media')
@ApiBearerAuth()
@Controller('media')
export class MediaController {
  constructor(private readonly media: MediaService) {}

  @Post()
  @ApiOperation({
    operationId: 'createMedia',
    summary: 'Announce a file to upload',
    description:
      'Answers an upload URL: PUT the file there (its Content-Type, exactly `size` bytes, no API key) before `expiresAt`. ' +
      'Once the medium is `ready`, posts name it as `media: [{ id }]`. Sizes past what any network takes are refused here; ' +
      "each network's own limits are checked when a post uses the medium. Media no post uses are deleted after MEDIA_RETENTION_DAYS. " +
      "A customer's media (uploaded, being uploaded, or announced with an upload URL still valid) hold at most MEDIA_QUOTA_BYTES in each mode " +
      '(10 GB by default): past it, 422 `media_quota_exceeded`.',
  })
  @ApiEnvelope(CreatedMediaView, { status: 201 })
  @ApiErrors(400, 401, 'media_quota_exceeded')
  create(@CurrentCustomer() caller: AuthenticatedCustomer, @Body() body: CreateMediaBody): Promise<CreatedMediaView> {
    return this.media.create(caller.customerId, body);
  }

  @Get()
  @ApiOperation({
    operationId: 'listMedia',
    summary: "List the customer's media, newest first",
    description:
      'Every medium of the mode of the key (a test key lists its test media), whatever its state: announced, being ' +
      'uploaded, ready or failed. Media no post uses are deleted after MEDIA_RETENTION_DAYS and leave the list. ' +
      'While `pagination.nextCursor` is not null, pass it as `cursor` for the next (older) page.',
  })
  @ApiEnvelope(MediaView, { paginated: true })
  @ApiErrors(400, 401)
  list(@CurrentCustomer() caller: AuthenticatedCustomer, @Query() query: PageQuery): Promise<Paginated<MediaView>> {
    return this.media.list(caller.customerId, query);
  }

  @Get(':id')
  @ApiOperation({ operationId: 'getMedia', summary: "A medium and its upload's state" })
  @ApiResourceId('id', 'media', 'Medium')
  @ApiEnvelope(MediaView)
  @ApiErrors(401, 404)
  get(
    @CurrentCustomer() caller: AuthenticatedCustomer,
    @Param('id', new ResourceIdPipe('media', 'Medium')) id: string,
  ): Promise<MediaView> {
    return this.media.get(caller.customerId, id);
  }
}
