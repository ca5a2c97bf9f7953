import { graphErrors } from './graph-errors';

/** The metric names asked for in `?metric=a,b,c`; Graph refuses a call that names none. */
export function requestedMetrics(metric: string | undefined): string[] {
  const names = (metric ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0) throw graphErrors.invalidParameter('The parameter metric is required');
  return names;
}

/** An insights answer as Graph gives it: one entry per metric, its lifetime value in `values`. */
export function insightsAnswer(
  objectId: string,
  metrics: ReadonlyArray<{ name: string; value: number }>,
): Record<string, unknown> {
  return {
    data: metrics.map(({ name, value }) => ({
      name,
      period: 'lifetime',
      values: [{ value }],
      title: name,
      description: '',
      id: `${objectId}/insights/${name}/lifetime`,
    })),
  };
}
