import { arrayField, isRecord, JsonRecord, numberField, recordField, stringField } from '../http/json-fields';
import { countOf, MetricReading, MetricValue, unavailable } from '../metrics/metric-reading';
import { NetworkError } from '../network-error';
import { GraphApi } from './graph-api';
import { graphRead, node } from './graph-publishing';

/** A Graph insights metric and the service's name for it. */
export interface InsightMetric {
  graphName: string;
  name: string;
}

/**
 * Graph refuses a metric the object cannot report or that no longer exists (code 100), insights of
 * a medium too few people saw (code 10, Instagram), or a login that may not read them (codes 10,
 * 200-299).
 */
type Refusal = Extract<MetricValue, { unavailable: string }>;

/** Instagram's `(#10) Not enough viewers for the media to show insights`: about the medium, not the login. */
const NOT_ENOUGH_VIEWERS = /not enough viewers/i;
/** Graph's answer to a metric name it does not know, as for one Meta removed: `(#100) The value must be a valid insights metric`. */
const INVALID_METRIC = /valid insights metric/i;

function refusal(error: unknown): Refusal | undefined {
  if (!(error instanceof NetworkError) || error.kind !== 'permanent') return undefined;
  const { code } = error.details;
  const { message } = error;
  if (code === 10 && NOT_ENOUGH_VIEWERS.test(message)) return { unavailable: 'not_enough_viewers', message };
  if (error.details.permissionDenied) return { unavailable: 'missing_permission', message };
  if (code === 100 && INVALID_METRIC.test(message)) return { unavailable: 'discontinued', message };
  if (code === 100) return { unavailable: 'unsupported_media_type', message };
  return undefined;
}

/** Refusals about the object or the login as a whole: asking metric by metric would be refused the same. */
const WHOLE_READING_REFUSALS: ReadonlySet<Refusal['unavailable']> = new Set([
  'missing_permission',
  'not_enough_viewers',
]);

/** The lifetime value of each metric in an insights answer (`{data:[{name,values:[{value}]}]}`). */
function insightValues(body: JsonRecord): Map<string, number> {
  const values = new Map<string, number>();
  for (const entry of (arrayField(body, 'data') ?? []).filter(isRecord)) {
    const name = stringField(entry, 'name');
    const first = (arrayField(entry, 'values') ?? []).filter(isRecord).at(-1);
    const value = first ? numberField(first, 'value') : numberField(entry, 'total_value');
    if (name !== undefined && value !== undefined) values.set(name, value);
    const total = recordField(entry, 'total_value');
    if (name !== undefined && value === undefined && total) {
      const totalValue = numberField(total, 'value');
      if (totalValue !== undefined) values.set(name, totalValue);
    }
  }
  return values;
}

/**
 * `GET /{id}/insights?metric=a,b,c`. Graph refuses the whole call when one metric does not apply
 * to the object or no longer exists (code 100), so after such a refusal each metric is asked for on
 * its own, and only those refused are unavailable; a refused permission, or a medium with too few
 * viewers, makes every insight unavailable at once.
 * Rate limits, expired logins and outages are thrown: the whole reading waits for later.
 */
export async function readGraphInsights(
  api: GraphApi,
  objectId: string,
  accessToken: string,
  metrics: readonly InsightMetric[],
  /** The insights permission the account was not granted: none are asked for, all are unavailable. */
  lacking: readonly string[] = [],
): Promise<MetricReading> {
  const reading: MetricReading = {};
  if (lacking.length) {
    const refused = unavailable(
      'missing_permission',
      `The account was not granted ${lacking.join(', ')}; reconnect it to read insights`,
    );
    for (const metric of metrics) reading[metric.name] = refused;
    return reading;
  }
  const ask = async (asked: readonly InsightMetric[]) => {
    const body = await graphRead(api, node(objectId, 'insights'), accessToken, {
      metric: asked.map((metric) => metric.graphName).join(','),
    });
    const values = insightValues(body);
    for (const metric of asked) {
      const value = values.get(metric.graphName);
      reading[metric.name] = countOf(value);
    }
  };
  try {
    await ask(metrics);
    return reading;
  } catch (error) {
    const refused = refusal(error);
    if (!refused) throw error;
    if (WHOLE_READING_REFUSALS.has(refused.unavailable) || metrics.length === 1) {
      for (const metric of metrics) reading[metric.name] = refused;
      return reading;
    }
  }
  for (const metric of metrics) {
    try {
      await ask([metric]);
    } catch (error) {
      const refused = refusal(error);
      if (!refused) throw error;
      reading[metric.name] = refused;
    }
  }
  return reading;
}
