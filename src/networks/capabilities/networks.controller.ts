import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiException } from '../../common/errors/api-exception';
import { Paginated } from '../../common/http/paginated';
import { ApiEnvelope, ApiErrors } from '../../common/openapi/api-envelope.decorator';
import { describeNetworkAliases, describeNetworkIds } from '../network-names';
import { NetworkRegistry, UnknownNetworkError } from '../network-registry';
import { capabilityDocument, networkSummary } from './capability-document';
import { NetworkCapabilitiesView, NetworkSummaryView } from './dto/network-capabilities.view';

/**
 * The installed networks and what each takes. The same for every customer (a key is still needed,
 * like every /api/v1 route): the answer is built from the rules the validator runs.
 */
@ApiTags('Networks')
@ApiBearerAuth()
@Controller('networks')
export class NetworksController {
  constructor(private readonly networks: NetworkRegistry) {}

  @Get()
  @ApiOperation({
    operationId: 'listNetworks',
    summary: 'List the installed networks',
    description:
      'Every network this service publishes to, in installation order; GET /api/v1/networks/{network} says what each takes. ' +
      'A small fixed list: answered whole, `pagination.nextCursor` always null, no `limit` or `cursor`.',
  })
  @ApiEnvelope(NetworkSummaryView, { paginated: true })
  @ApiErrors(401)
  list(): Paginated<NetworkSummaryView> {
    return Paginated.whole(this.networks.adapters.map(networkSummary));
  }

  @Get(':network')
  @ApiOperation({
    operationId: 'getNetwork',
    summary: 'What a network takes',
    description:
      "The network's capability document, generated from the rules POST /api/v1/posts and POST /api/v1/posts/validate check: " +
      'text limits and how characters are counted, the media each placement takes (kinds, counts, formats, sizes and ' +
      'durations), threads, unpublishing, comments, the metrics it reports, the permissions each feature needs, and the ' +
      'JSON Schema of `options.<network>`. A post within these limits passes those checks; one past a limit is a 422 naming its field.',
  })
  @ApiParam({ name: 'network', example: 'x', description: `${describeNetworkIds()} (${describeNetworkAliases()})` })
  @ApiEnvelope(NetworkCapabilitiesView)
  @ApiErrors(401, 'unknown_network')
  get(@Param('network') name: string): NetworkCapabilitiesView {
    const adapter = this.networks.find(name);
    if (!adapter)
      throw new ApiException(
        'unknown_network',
        new UnknownNetworkError(name, this.networks.ids).message,
        undefined,
        404,
      );
    return capabilityDocument(adapter);
  }
}
