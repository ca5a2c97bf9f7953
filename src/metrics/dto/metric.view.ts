import { ApiProperty } from '@nestjs/swagger';
import { METRIC_UNAVAILABLE_REASONS } from '../../networks';
import type { MetricReading, MetricUnavailableReason } from '../../networks';

export class MetricView {
  @ApiProperty({
    example: 'views',
    description:
      'The same name means the same thing on every network: impressions (times shown, X), views (times seen or ' +
      'played, Facebook and Instagram), viewers (people who saw it, Facebook), reach (accounts that saw it, ' +
      'Instagram), likes, reactions, comments, shares, quotes, bookmarks, saves; for accounts followers, following, ' +
      'fans, posts',
  })
  name!: string;

  @ApiProperty({ type: 'integer', minimum: 0, nullable: true, example: 1280, description: 'Null when unavailable' })
  value!: number | null;

  @ApiProperty({
    type: String,
    enum: METRIC_UNAVAILABLE_REASONS,
    nullable: true,
    description:
      'Why the network did not give this metric: missing_permission (the login lacks the permission it needs; ' +
      'reconnecting the account asks for it), unsupported_media_type (not reported for this kind of post), ' +
      'not_enough_viewers (too few people have seen the post for the network to report it yet), discontinued ' +
      '(the network no longer offers this metric), not_reported (the network answered without it). Null when ' +
      '`value` is set.',
  })
  unavailableReason!: MetricUnavailableReason | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description: "The network's own words, when unavailable",
  })
  message!: string | null;

  /** A reading as a list, by name, so the answer reads the same every time. */
  static listOf(reading: MetricReading | null): MetricView[] {
    if (!reading) return [];
    return Object.keys(reading)
      .sort()
      .map((name) => {
        const metric = reading[name];
        return 'value' in metric
          ? { name, value: metric.value, unavailableReason: null, message: null }
          : { name, value: null, unavailableReason: metric.unavailable, message: metric.message };
      });
  }
}
