/** What other modules may use from metrics/: everything else in the folder is its own. */
export { MetricView } from './dto/metric.view';
export { PostMetricsView } from './dto/metrics.views';
export { MetricsModule } from './metrics.module';
export { MetricsService } from './metrics.service';
