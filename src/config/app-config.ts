import type { TracingSettings } from './tracing-settings';

/** Log levels pino understands, from the loudest to silence. */
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface EncryptionKeyConfig {
  id: string;
  /** 32 bytes, AES-256. */
  key: Buffer;
}

/**
 * The validated, typed configuration. Built once by `loadConfig` from the environment and provided
 * to every module; nothing else in the code reads `process.env`.
 */
/** How long the HTTP server waits for a client (see ApiFastifyAdapter). */
export interface HttpTimeouts {
  headersMs: number;
  bodyMs: number;
  keepAliveMs: number;
  idleMs: number;
}

export interface AppConfig {
  nodeEnv: 'development' | 'test' | 'production';
  host: string;
  port: number;
  publicUrl: string;
  database: {
    /** Unset means "start the embedded PostgreSQL under dataDir". */
    url: string | undefined;
    poolSize: number;
    /**
     * Test-world requests (the sandbox's emulator) holding a pooled connection at once in this
     * instance; the rest of the pool stays the API's and the worker's (DATABASE_WORLD_CONNECTIONS).
     */
    worldConnections: number;
    /** How long the service waits for Postgres to answer a query before giving up (503). */
    queryTimeoutMs: number;
    embeddedPort: number;
  };
  dataDir: string;
  encryption: {
    /** Set when ENCRYPTION_KEY is given; otherwise a local key is generated under dataDir. */
    active: EncryptionKeyConfig | undefined;
    previous: EncryptionKeyConfig[];
  };
  http: {
    bodyLimitBytes: number;
    /**
     * How many reverse proxies (from the service outwards) are believed about the client's address
     * in X-Forwarded-For; false: none, the connection's address is the client's.
     */
    trustProxyHops: number | false;
    timeouts: HttpTimeouts;
    /** Open connections one client address may hold; 0: no bound. */
    maxConnectionsPerAddress: number;
  };
  logLevel: LogLevel;
  shutdownTimeoutMs: number;
  /**
   * `on`: every network talks to the built-in emulator; `off`: never; `auto`: a network without
   * service-wide credentials is emulated unless NODE_ENV is production.
   */
  emulatorMode: 'on' | 'off' | 'auto';
  /**
   * Where emulated networks are reached when the emulator runs elsewhere (`npm run emulator`);
   * undefined: the service mounts its own at `${publicUrl}/emulator`.
   */
  emulatorUrl: string | undefined;
  /** api: serve HTTP only; worker: run jobs only; all: both (one process for local use). */
  role: 'api' | 'worker' | 'all';
  /** With ROLE=worker: the port of its probe-only HTTP server (/health/live, /health/ready); unset: none. */
  healthPort: number | undefined;
  /** Any role: the port of the process's metrics server (GET /metrics only); unset: none. */
  metricsPort: number | undefined;
  workerConcurrency: number;
  /** A worker silent this long is taken for dead: its jobs and queues are unlocked for others. */
  workerDeadAfterMs: number;
  /** Deliveries of one customer in flight at once, over all workers. */
  publishCustomerMaxInFlight: number;
  /** How often an idle worker looks for due work without being woken. */
  queuePollMs: number;
  /**
   * Whether customer-chosen URLs (media, webhooks) may point at private, loopback or link-local
   * addresses. Only for local use and tests.
   */
  allowPrivateUrls: boolean;
  /**
   * Resolving the names in customers' URLs: name servers (empty: the system's) and the most one
   * name may take (DNS_SERVERS, DNS_TIMEOUT_MS).
   */
  dns: { servers: string[]; timeoutMs: number };
  /**
   * Requests per customer and mode on /api/v1 (all its keys of that mode together, so more keys
   * never give more rate), a token bucket in each process: `burst` requests at once, refilled at
   * `perSecond`. perSecond 0: no limit.
   */
  rateLimit: {
    perSecond: number;
    burst: number;
  };
  /** Active API keys a customer may hold in each mode (API_KEYS_PER_CUSTOMER). */
  apiKeysPerCustomer: number;
  /** Lookups of keys not known valid, per client address: `burst` at once, then `perSecond`. */
  keyLookups: {
    perSecond: number;
    burst: number;
  };
  dashboard: {
    /** A dashboard session ends this long after sign-in. */
    sessionTtlMs: number;
    /** Failed sign-ins per client address across all emails: `burst` at once, then `perSecond`. */
    signInsPerAddress: { burst: number; perSecond: number };
  };
  webhooks: {
    /** Delay before each attempt in one round (the first is usually 0: at once). */
    retryScheduleMs: number[];
    timeoutMs: number;
    /** Attempts one worker process makes at once (slots apart from publishing). */
    concurrency: number;
    /** Attempts to one customer's receiver in flight at once, over all workers. */
    customerMaxInFlight: number;
  };
  media: {
    /** Uploaded media no post has used for this many days are deleted. */
    retentionDays: number;
    /** Bytes of media a customer may hold per mode, announced ones included (MEDIA_QUOTA_BYTES); 0: no quota. */
    quotaBytes: number;
    /** Where their bytes are kept. */
    storage: 'postgres' | 's3';
    s3: S3Settings;
  };
  /** Spans exported over OTLP/HTTP (the standard OTEL_* variables); undefined: no tracing, nothing registered. */
  tracing: TracingSettings | undefined;
  /**
   * The environment as it was at start, for modules that declare and validate their own variables
   * (each network's endpoints and app credentials). Nothing reads process.env directly.
   */
  env: Readonly<Record<string, string | undefined>>;
}

/** An S3-compatible bucket for media bytes (MEDIA_STORAGE=s3). */
export interface S3Settings {
  bucket: string;
  /** Unset: AWS itself, for `region`. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the AWS SDK's default chain (environment, instance role, …). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

/** Injection token for AppConfig (an interface has no runtime identity). */
export const APP_CONFIG = Symbol('APP_CONFIG');
