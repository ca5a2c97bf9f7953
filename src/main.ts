import { Server } from 'node:http';
import pino from 'pino';
import { loadEnvFile } from './config/env-file';
import { ConfigError, loadConfig } from './config/load-config';
import { createRootLogger } from './common/logging/root-logger';
import { createApp } from './app.factory';
import { LocalDatabaseError } from './database/embedded/local-database-error';
import { resolveDatabase } from './database/resolve-database';
import { DrainState } from './health/drain-state';
import { Readiness } from './health/readiness';
import { portOf } from './common/http/side-port';
import { startWorkerHealthServer } from './health/worker-health-server';
import { ServiceMetrics, startMetricsServer } from './observability';
import { listenOrExplain, PortInUseError } from './port-in-use';

async function main(): Promise<void> {
  let config;
  try {
    loadEnvFile();
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee .env.example for every setting.\n`);
      process.exit(1);
    }
    throw error;
  }
  // Log lines are written asynchronously, batched while a write is under way: one write per line
  // cost the API a tenth of its throughput under load. Whatever is still buffered is written
  // synchronously when the process exits, whichever way it exits short of SIGKILL.
  const destination = pino.destination({ dest: 1, sync: false });
  process.on('exit', () => destination.flushSync());
  const logger = createRootLogger(config.logLevel, destination);
  const database = await resolveDatabase(config, logger);
  const app = await createApp(database.config, { logger });
  let healthServer: Server | undefined;
  // Any role: the metrics on a port of their own, never the API's (see docs/operations.md, "Metrics").
  let metricsServer: Server | undefined;
  if (config.metricsPort !== undefined) {
    metricsServer = await startMetricsServer(app.get(ServiceMetrics), config.metricsPort, config.host);
    logger.info({ metricsPort: portOf(metricsServer) }, 'Metrics served at /metrics on METRICS_PORT');
  }
  if (config.role === 'worker') {
    // A worker takes jobs from the database; it serves no HTTP, except its probes when asked to.
    if (config.healthPort !== undefined) {
      healthServer = await startWorkerHealthServer(app.get(Readiness), config.healthPort, config.host);
      logger.info(
        { healthPort: portOf(healthServer) },
        'Worker running (ROLE=worker): only /health/live and /health/ready served',
      );
    } else {
      logger.info('Worker running (ROLE=worker): no HTTP server');
    }
  } else {
    await listenOrExplain(() => app.listen({ port: config.port, host: config.host }), config.port, config.host, 'PORT');
    logger.info(
      { port: config.port, publicUrl: config.publicUrl, role: config.role },
      `Listening; API docs at ${config.publicUrl}/api/docs`,
    );
  }

  let shuttingDown = false;
  const shutdown = async (signal: NodeJS.Signals): Promise<void> => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'Shutting down: finishing requests in flight');
    // Readiness turns 503 at once, so a load balancer stops sending work while it drains.
    app.get(DrainState).startDraining();
    const deadline = setTimeout(() => {
      logger.error('Shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs + 15_000);
    try {
      await Promise.race([app.close(), new Promise((resolve) => setTimeout(resolve, config.shutdownTimeoutMs))]);
      healthServer?.close();
      metricsServer?.close();
      await database.stop();
    } finally {
      clearTimeout(deadline);
      logger.info('Stopped');
      process.exit(0);
    }
  };
  process.once('SIGTERM', (signal) => void shutdown(signal));
  process.once('SIGINT', (signal) => void shutdown(signal));
}

main().catch((error: unknown) => {
  // The embedded database's refusals and a busy port say what to do; a stack trace would only bury that.
  if (error instanceof LocalDatabaseError || error instanceof PortInUseError)
    process.stderr.write(`Failed to start: ${error.message}\n`);
  else
    process.stderr.write(
      `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  process.exit(1);
});
