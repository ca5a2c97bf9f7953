import { AppConfig, EncryptionKeyConfig } from './app-config';
import { EnvironmentSchema } from './environment.schema';
import { tracingSettings } from './tracing-settings';
import { ConfigError, validateEnvironment } from './validate-environment';

export { ConfigError } from './validate-environment';

function decodeKey(id: string, base64: string, variable: string): EncryptionKeyConfig {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== 32) {
    throw new ConfigError([`${variable}: key "${id}" must be 32 bytes encoded in base64 (got ${key.length} bytes)`]);
  }
  return { id, key };
}

/**
 * How many test-world requests may hold a pooled connection at once: a quarter of the pool by
 * default, and always fewer than the pool, so sandbox traffic never takes it from the API and worker.
 */
function worldConnections(schema: EnvironmentSchema): number {
  const chosen = schema.DATABASE_WORLD_CONNECTIONS ?? Math.max(1, Math.floor(schema.DATABASE_POOL_SIZE / 4));
  if (chosen >= schema.DATABASE_POOL_SIZE && schema.DATABASE_POOL_SIZE > 1)
    throw new ConfigError([
      `DATABASE_WORLD_CONNECTIONS: must be less than DATABASE_POOL_SIZE (${schema.DATABASE_POOL_SIZE}), got ${chosen}`,
    ]);
  return chosen;
}

/**
 * Validates the environment and returns the typed configuration. Empty strings count as unset, so
 * a `.env` line like `DATABASE_URL=` means "use the default". Throws ConfigError naming every bad
 * variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv): AppConfig {
  const schema = validateEnvironment(EnvironmentSchema, env);

  const previous = (schema.ENCRYPTION_PREVIOUS_KEYS ?? '')
    .split(',')
    .filter(Boolean)
    .map((entry) => {
      const [id, base64] = entry.split(':') as [string, string];
      return decodeKey(id, base64, 'ENCRYPTION_PREVIOUS_KEYS');
    });
  const active = schema.ENCRYPTION_KEY
    ? decodeKey(schema.ENCRYPTION_KEY_ID, schema.ENCRYPTION_KEY, 'ENCRYPTION_KEY')
    : undefined;
  if (schema.ENCRYPTION_KEY_ID === 'local') {
    throw new ConfigError(['ENCRYPTION_KEY_ID: "local" is reserved for the generated local key']);
  }
  if (previous.some((key) => key.id === schema.ENCRYPTION_KEY_ID)) {
    throw new ConfigError([
      `ENCRYPTION_PREVIOUS_KEYS: key id "${schema.ENCRYPTION_KEY_ID}" is already the active ENCRYPTION_KEY_ID`,
    ]);
  }
  if (schema.NODE_ENV === 'production' && schema.NETWORK_EMULATOR === 'on') {
    throw new ConfigError([
      'NETWORK_EMULATOR: "on" is refused with NODE_ENV=production (nothing would really be published)',
    ]);
  }
  if (schema.NODE_ENV === 'production' && schema.ALLOW_PRIVATE_URLS === 'true') {
    // Customers choose webhook and media URLs: in production that would let them reach our own network.
    throw new ConfigError([
      'ALLOW_PRIVATE_URLS: "true" is refused with NODE_ENV=production (customers\' URLs could reach private addresses)',
    ]);
  }
  if (schema.MEDIA_STORAGE === 's3' && !schema.S3_BUCKET) {
    throw new ConfigError(['S3_BUCKET: required when MEDIA_STORAGE=s3']);
  }
  if (!!schema.S3_ACCESS_KEY_ID !== !!schema.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError([
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither (the default AWS credentials)',
    ]);
  }
  if (schema.NODE_ENV === 'production' && !active) {
    throw new ConfigError(['ENCRYPTION_KEY: required when NODE_ENV=production (32 random bytes, base64)']);
  }

  return {
    nodeEnv: schema.NODE_ENV,
    host: schema.HOST,
    port: schema.PORT,
    publicUrl: (schema.PUBLIC_URL ?? `http://localhost:${schema.PORT}`).replace(/\/+$/, ''),
    database: {
      url: schema.DATABASE_URL,
      poolSize: schema.DATABASE_POOL_SIZE,
      worldConnections: worldConnections(schema),
      queryTimeoutMs: schema.DATABASE_QUERY_TIMEOUT_MS,
      embeddedPort: schema.EMBEDDED_DATABASE_PORT,
    },
    dataDir: schema.DATA_DIR,
    encryption: { active, previous },
    http: {
      bodyLimitBytes: schema.BODY_LIMIT_BYTES,
      trustProxyHops: schema.TRUST_PROXY === 'false' ? false : Number(schema.TRUST_PROXY),
      maxConnectionsPerAddress: schema.HTTP_MAX_CONNECTIONS_PER_ADDRESS ?? (schema.TRUST_PROXY === 'false' ? 256 : 0),
      timeouts: {
        headersMs: schema.HTTP_HEADERS_TIMEOUT_MS,
        bodyMs: schema.HTTP_BODY_TIMEOUT_MS,
        keepAliveMs: schema.HTTP_KEEP_ALIVE_TIMEOUT_MS,
        idleMs: schema.HTTP_IDLE_TIMEOUT_MS,
      },
    },
    logLevel: schema.LOG_LEVEL,
    shutdownTimeoutMs: schema.SHUTDOWN_TIMEOUT_MS,
    emulatorMode: schema.NETWORK_EMULATOR,
    emulatorUrl: schema.NETWORK_EMULATOR_URL?.replace(/\/+$/, ''),
    role: schema.ROLE,
    healthPort: schema.HEALTH_PORT,
    metricsPort: schema.METRICS_PORT,
    workerConcurrency: schema.WORKER_CONCURRENCY,
    workerDeadAfterMs: schema.WORKER_DEAD_AFTER_MS,
    publishCustomerMaxInFlight: schema.PUBLISH_CUSTOMER_MAX_IN_FLIGHT,
    queuePollMs: schema.QUEUE_POLL_MS,
    allowPrivateUrls: schema.ALLOW_PRIVATE_URLS === 'true',
    dns: {
      servers: (schema.DNS_SERVERS ?? '')
        .split(',')
        .map((server) => server.trim())
        .filter(Boolean),
      timeoutMs: schema.DNS_TIMEOUT_MS,
    },
    rateLimit: { perSecond: schema.RATE_LIMIT_PER_SECOND, burst: schema.RATE_LIMIT_BURST },
    apiKeysPerCustomer: schema.API_KEYS_PER_CUSTOMER,
    keyLookups: { perSecond: schema.KEY_LOOKUP_PER_SECOND, burst: schema.KEY_LOOKUP_BURST },
    dashboard: {
      sessionTtlMs: schema.DASHBOARD_SESSION_HOURS * 3_600_000,
      signInsPerAddress: { burst: schema.DASHBOARD_SIGN_IN_BURST, perSecond: schema.DASHBOARD_SIGN_IN_PER_MINUTE / 60 },
    },
    webhooks: {
      retryScheduleMs: parseDurations(schema.WEBHOOK_RETRY_SCHEDULE),
      timeoutMs: schema.WEBHOOK_TIMEOUT_MS,
      concurrency: schema.WEBHOOK_CONCURRENCY,
      customerMaxInFlight: schema.WEBHOOK_CUSTOMER_MAX_IN_FLIGHT,
    },
    media: {
      retentionDays: schema.MEDIA_RETENTION_DAYS,
      quotaBytes: schema.MEDIA_QUOTA_BYTES,
      storage: schema.MEDIA_STORAGE,
      s3: {
        bucket: schema.S3_BUCKET ?? '',
        endpoint: schema.S3_ENDPOINT,
        region: schema.S3_REGION ?? 'us-east-1',
        credentials:
          schema.S3_ACCESS_KEY_ID && schema.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: schema.S3_ACCESS_KEY_ID, secretAccessKey: schema.S3_SECRET_ACCESS_KEY }
            : undefined,
        forcePathStyle: schema.S3_FORCE_PATH_STYLE === 'true',
      },
    },
    tracing: tracingSettings(schema),
    env: Object.freeze({ ...env }),
  };
}

const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 } as const;

/** `0s,5s,5m` → [0, 5000, 300000] (the format is checked by the schema). */
export function parseDurations(list: string): number[] {
  return list.split(',').map((item) => {
    const [, amount, unit] = /^(\d+)(ms|s|m|h)$/.exec(item.trim())!;
    return Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS];
  });
}
