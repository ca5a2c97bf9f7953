import { ApiProperty } from '@nestjs/swagger';
import { NETWORK_IDS } from '../../networks';
import { MetricView } from './metric.view';

const FETCHED_AT = {
  nullable: true,
  type: String,
  format: 'date-time',
  description: 'When these metrics were read from the network; null until they first were',
} as const;

const REFRESH_ERROR = {
  nullable: true,
  type: String,
  example: null,
  description:
    'Why the last attempt to read them failed (rate limited, login expired, network down); the metrics shown are the last ones read',
} as const;

export class DeliveryMetricsView {
  @ApiProperty({ example: 'dlv_7Qm2d…' })
  deliveryId!: string;

  @ApiProperty({ example: 'acc_3kTMd9fQe2xV7bLp1sWq0Z' })
  accountId!: string;

  @ApiProperty({ enum: NETWORK_IDS, enumName: 'Network', example: 'x' })
  platform!: string;

  @ApiProperty({ example: '1866000000000000000' })
  platformPostId!: string;

  @ApiProperty(FETCHED_AT)
  fetchedAt!: string | null;

  @ApiProperty({ type: [MetricView] })
  metrics!: MetricView[];

  @ApiProperty(REFRESH_ERROR)
  refreshError!: string | null;
}

export class PostMetricsView {
  @ApiProperty({ example: 'pst_2Hq…' })
  postId!: string;

  @ApiProperty({ type: [DeliveryMetricsView], description: 'One entry per published delivery' })
  deliveries!: DeliveryMetricsView[];
}

export class AccountMetricsView {
  @ApiProperty({ example: 'acc_3kTMd9fQe2xV7bLp1sWq0Z' })
  accountId!: string;

  @ApiProperty({ enum: NETWORK_IDS, enumName: 'Network', example: 'instagram' })
  platform!: string;

  @ApiProperty(FETCHED_AT)
  fetchedAt!: string | null;

  @ApiProperty({ type: [MetricView] })
  metrics!: MetricView[];

  @ApiProperty(REFRESH_ERROR)
  refreshError!: string | null;
}
