import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { METRIC_OVERRIDES, METRIC_READS, MetricOverride, metricsKey } from '../metrics/emulated-metrics';
import { EmulatorState } from '../state/emulator-state';
import { ControlError, objectBody } from './control-error';

const MAX_METRIC_VALUE = 1e12;

function target(state: EmulatorState, network: unknown, objectId: unknown): { network: string; objectId: string } {
  const found = typeof network === 'string' ? state.registry.find(network) : undefined;
  if (!found) throw new ControlError(`network must be one of ${state.registry.ids.join(', ')}`);
  // A URN (LinkedIn's `urn:li:share:…`) holds colons.
  if (typeof objectId !== 'string' || !/^[A-Za-z0-9_:-]{1,100}$/.test(objectId))
    throw new ControlError('objectId must be the id of a post, medium, tweet, Page or profile.');
  return { network: found.id, objectId };
}

/** `{ name: number | "unsupported" | null }`: a value to report, a metric the network will refuse, or back to growing. */
function parseMetrics(value: unknown): Record<string, MetricOverride | null> {
  const metrics = objectBody(value);
  for (const [name, setting] of Object.entries(metrics)) {
    const isCount =
      typeof setting === 'number' && Number.isInteger(setting) && setting >= 0 && setting <= MAX_METRIC_VALUE;
    // LinkedIn's names are camelCase (impressionCount).
    if (!/^[A-Za-z_]{1,64}$/.test(name) || !(isCount || setting === 'unsupported' || setting === null))
      throw new ControlError(
        `metrics.${name} must be a whole number from 0 to ${MAX_METRIC_VALUE}, "unsupported" or null (metric names are the network's own).`,
      );
  }
  return metrics as Record<string, MetricOverride | null>;
}

/**
 * `PUT /metrics` sets what a post's or account's metrics report, by the network's own metric names
 * (`post_media_view`, `like_count`, `views`, `followers_count`…); `GET /metrics` shows what is set
 * and how many times the object's metrics were read.
 */
export function registerMetricsControl(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;

  fastify.put('/metrics', async (request) => {
    const body = objectBody(request.body);
    const { network, objectId } = target(state, body.network, body.objectId);
    const key = metricsKey(network, objectId);
    const overrides = { ...(state.objects.of(METRIC_OVERRIDES).get(key) ?? {}) };
    for (const [name, setting] of Object.entries(parseMetrics(body.metrics))) {
      if (setting === null) delete overrides[name];
      else overrides[name] = setting;
    }
    state.objects.of(METRIC_OVERRIDES).set(key, overrides);
    return { data: { network, objectId, metrics: overrides } };
  });

  fastify.get<{ Querystring: { network?: string; objectId?: string } }>('/metrics', async (request) => {
    const { network, objectId } = target(state, request.query.network, request.query.objectId);
    const key = metricsKey(network, objectId);
    return {
      data: {
        network,
        objectId,
        metrics: state.objects.of(METRIC_OVERRIDES).get(key) ?? {},
        reads: state.objects.of(METRIC_READS).get(key) ?? 0,
      },
    };
  });
}
