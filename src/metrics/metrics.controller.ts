import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedCustomer } from '../auth';
import { CurrentCustomer } from '../auth';
import { ResourceIdPipe } from '../common/http/resource-id.pipe';
import { ApiEnvelope, ApiErrors } from '../common/openapi/api-envelope.decorator';
import { ApiResourceId } from '../common/openapi/api-resource-id.decorator';
import { AccountMetricsView, PostMetricsView } from './dto/metrics.views';
import { MetricsService } from './metrics.service';

const CACHING =
  'Metrics are read from the network at most once every 5 minutes per post or account, whoever asks: an answer ' +
  'within that window (or while the network rate-limits us) is the last reading, with its `fetchedAt`. In the ' +
  'background, a post is read again hourly for its first 7 days, then daily until it is 30 days old. A metric the ' +
  'network cannot give is listed with `value: null` and an `unavailableReason`, never failing the answer.';

@ApiTags('Metrics')
@ApiBearerAuth()
@Controller()
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get('posts/:id/metrics')
  @ApiOperation({
    operationId: 'getPostMetrics',
    summary: "A post's metrics on each network it was published to",
    description: `One entry per published delivery: views or impressions, likes or reactions, comments, shares, and what else the network reports. ${CACHING}`,
  })
  @ApiResourceId('id', 'post', 'Post')
  @ApiEnvelope(PostMetricsView)
  @ApiErrors(401, 404)
  forPost(
    @CurrentCustomer() caller: AuthenticatedCustomer,
    @Param('id', new ResourceIdPipe('post', 'Post')) id: string,
  ): Promise<PostMetricsView> {
    return this.metrics.forPost(caller.customerId, id);
  }

  @Get('social-accounts/:id/metrics')
  @ApiOperation({
    operationId: 'getAccountMetrics',
    summary: "A connected account's metrics",
    description: `Followers and what else the network reports per account (following, posts; a Facebook Page's fans). ${CACHING.replace(' In the background, a post is read again hourly for its first 7 days, then daily until it is 30 days old.', ' In the background, an account is read again daily.')}`,
  })
  @ApiResourceId('id', 'account', 'Account')
  @ApiEnvelope(AccountMetricsView)
  @ApiErrors(401, 404)
  forAccount(
    @CurrentCustomer() caller: AuthenticatedCustomer,
    @Param('id', new ResourceIdPipe('account', 'Account')) id: string,
  ): Promise<AccountMetricsView> {
    return this.metrics.forAccount(caller.customerId, id);
  }
}
