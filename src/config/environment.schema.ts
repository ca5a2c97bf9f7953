import { Transform } from 'class-transformer';
import type { TraceSamplerName } from './tracing-settings';
import { IsBase64, IsIn, IsInt, IsIP, IsOptional, IsString, IsUrl, Matches, Max, Min } from 'class-validator';

/** An OTLP endpoint: http(s), any host (a collector beside the service is often `localhost` or a bare name). */
const OTLP_URL = { require_tld: false, protocols: ['http', 'https'], require_protocol: true };

/** The W3C Baggage-like list the OpenTelemetry variables use: `key=value` pairs, comma-separated. */
const KEY_VALUE_LIST = /^\s*[^=,\s]+\s*=[^,]*(,\s*[^=,\s]+\s*=[^,]*)*$/;

const toInt = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : value;

/**
 * The service-wide environment variables, with their rules. (Each network folder declares its own
 * variables the same way, beside its adapter.) `.env.example` documents each one;
 * the service refuses to start when any of them is invalid, naming the variable.
 */
export class EnvironmentSchema {
  @IsIn(['development', 'test', 'production'])
  NODE_ENV: 'development' | 'test' | 'production' = 'development';

  @IsIP(undefined, { message: 'HOST must be an IP address to listen on, e.g. 0.0.0.0, 127.0.0.1 or ::' })
  HOST = '0.0.0.0';

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  @IsOptional()
  PUBLIC_URL?: string;

  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'DATABASE_URL must be a postgres:// or postgresql:// URL' })
  @IsOptional()
  DATABASE_URL?: string;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(200)
  DATABASE_POOL_SIZE = 10;

  /** Test-world requests holding a pooled connection at once per instance; unset: a quarter of the pool (at least 1). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(200)
  @IsOptional()
  DATABASE_WORLD_CONNECTIONS?: number;

  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(600_000)
  DATABASE_QUERY_TIMEOUT_MS = 20_000;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(65535)
  EMBEDDED_DATABASE_PORT = 54329;

  @IsString()
  DATA_DIR = '.data';

  @IsBase64()
  @IsOptional()
  ENCRYPTION_KEY?: string;

  @Matches(/^[A-Za-z0-9_-]{1,16}$/, { message: 'ENCRYPTION_KEY_ID must be 1-16 characters of A-Z a-z 0-9 _ -' })
  ENCRYPTION_KEY_ID = 'k1';

  @Matches(/^([A-Za-z0-9_-]{1,16}:[A-Za-z0-9+/=]+)(,[A-Za-z0-9_-]{1,16}:[A-Za-z0-9+/=]+)*$/, {
    message: 'ENCRYPTION_PREVIOUS_KEYS must be a comma-separated list of keyId:base64Key',
  })
  @IsOptional()
  ENCRYPTION_PREVIOUS_KEYS?: string;

  /**
   * How many reverse proxies in front of the service to believe about the client's address
   * (X-Forwarded-For), or `false` for none: the connection's own address is the client's.
   */
  @Matches(/^(false|[1-9])$/, { message: 'TRUST_PROXY must be false or the number of trusted proxy hops (1-9)' })
  TRUST_PROXY = 'false';

  @Transform(toInt)
  @IsInt()
  @Min(1024)
  @Max(50 * 1024 * 1024)
  BODY_LIMIT_BYTES = 1024 * 1024;

  /** How long a request's headers may take to arrive; past it, 408 and the connection closes. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(600_000)
  HTTP_HEADERS_TIMEOUT_MS = 10_000;

  /**
   * How long a request's body may take to arrive, from its headers; past it, 408 and the connection
   * closes. Media uploads (streamed to storage, up to 1 GB) are not bound by it.
   */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(600_000)
  HTTP_BODY_TIMEOUT_MS = 30_000;

  /** How long an idle keep-alive connection is kept between requests (longer than a load balancer's idle timeout). */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(600_000)
  HTTP_KEEP_ALIVE_TIMEOUT_MS = 72_000;

  /** A connection with no bytes either way for this long is closed (a client that stops reading its answer, or sending). */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(3_600_000)
  HTTP_IDLE_TIMEOUT_MS = 120_000;

  /**
   * Open connections one client address may hold (IPv6 by its /64); past it a connection is closed
   * as it opens. 0: no bound. Unset: 256, or no bound with TRUST_PROXY set (every connection then
   * comes from the proxy, which bounds its clients).
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  @IsOptional()
  HTTP_MAX_CONNECTIONS_PER_ADDRESS?: number;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent' = 'info';

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(120_000)
  SHUTDOWN_TIMEOUT_MS = 10_000;

  @IsIn(['on', 'off', 'auto'])
  NETWORK_EMULATOR: 'on' | 'off' | 'auto' = 'auto';

  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  @IsOptional()
  NETWORK_EMULATOR_URL?: string;

  @IsIn(['api', 'worker', 'all'])
  ROLE: 'api' | 'worker' | 'all' = 'all';

  /** ROLE=worker only: a port on which the worker answers /health/live and /health/ready (and nothing else). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(65535)
  @IsOptional()
  HEALTH_PORT?: number;

  /** Any role: a port on which the process serves GET /metrics (Prometheus' text format) and nothing else. Unset: none. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(65535)
  @IsOptional()
  METRICS_PORT?: number;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(200)
  WORKER_CONCURRENCY = 10;

  @Transform(toInt)
  @IsInt()
  @Min(1_000)
  @Max(3_600_000)
  WORKER_DEAD_AFTER_MS = 60_000;

  /** Deliveries of one customer in flight at once, over all workers (the rest of the slots stay for others). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1_000)
  PUBLISH_CUSTOMER_MAX_IN_FLIGHT = 8;

  /**
   * Webhook attempts one worker process makes at once: slots of their own, apart from publishing.
   * An attempt mostly waits on the receiver, so slots are cheap: many, so that a few hanging
   * receivers (each held to its customer's cap) leave plenty for everyone else.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(500)
  WEBHOOK_CONCURRENCY = 40;

  /** Webhook attempts to one customer's receiver in flight at once, over all workers. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(200)
  WEBHOOK_CUSTOMER_MAX_IN_FLIGHT = 10;

  /** How often an idle worker looks for due work when no notification has woken it (scheduled posts, retries). */
  @Transform(toInt)
  @IsInt()
  @Min(50)
  @Max(60_000)
  QUEUE_POLL_MS = 500;

  /** Uploaded media no post has used for this many days are deleted. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3650)
  MEDIA_RETENTION_DAYS = 7;

  /**
   * Bytes of media one customer may hold in each mode: uploaded, being uploaded, and announced
   * with an upload URL still valid. 0 turns the quota off.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  MEDIA_QUOTA_BYTES = 10 * 1024 ** 3;

  /** Where uploaded media bytes are kept: PostgreSQL (the default) or an S3-compatible store. */
  @IsIn(['postgres', 's3'])
  MEDIA_STORAGE: 'postgres' | 's3' = 'postgres';

  @IsString()
  @IsOptional()
  S3_BUCKET?: string;

  /** An S3-compatible endpoint other than AWS's (MinIO, R2, …); unset: AWS for S3_REGION. */
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  @IsOptional()
  S3_ENDPOINT?: string;

  @IsString()
  @IsOptional()
  S3_REGION?: string;

  @IsString()
  @IsOptional()
  S3_ACCESS_KEY_ID?: string;

  @IsString()
  @IsOptional()
  S3_SECRET_ACCESS_KEY?: string;

  /** `true` addresses the bucket in the path (`<endpoint>/<bucket>/…`), as most S3-compatible stores want. */
  @IsIn(['true', 'false'])
  S3_FORCE_PATH_STYLE: 'true' | 'false' = 'false';

  @IsIn(['true', 'false'])
  ALLOW_PRIVATE_URLS: 'true' | 'false' = 'false';

  /**
   * Name servers for the names in customers' URLs (media, webhooks), comma-separated `ip` or
   * `ip:port`; unset: the system's. Mainly for tests and for a dedicated resolver.
   */
  @Matches(/^\s*[0-9A-Fa-f:.[\]]+\s*(,\s*[0-9A-Fa-f:.[\]]+\s*)*$/, {
    message: 'DNS_SERVERS must be comma-separated IP addresses, each with an optional :port',
  })
  @IsOptional()
  DNS_SERVERS?: string;

  /** The most resolving one name of a customer's URL may take; then the name counts as not resolving. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(30_000)
  DNS_TIMEOUT_MS = 2_000;

  /** Delays before each webhook attempt, e.g. `0s,5s,5m,30m,2h,5h,10h,10h` (the first is the first attempt). */
  @Matches(/^\s*\d+(ms|s|m|h)\s*(,\s*\d+(ms|s|m|h)\s*){0,19}$/, {
    message: 'WEBHOOK_RETRY_SCHEDULE must be 1-20 comma-separated durations such as 0s,5s,5m,2h',
  })
  WEBHOOK_RETRY_SCHEDULE = '0s,5s,5m,30m,2h,5h,10h,10h';

  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(60_000)
  WEBHOOK_TIMEOUT_MS = 10_000;

  /** Active (unrevoked) API keys a customer may hold in each mode; one more is refused. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10_000)
  API_KEYS_PER_CUSTOMER = 50;

  /** Requests a second a customer's keys of one mode may make together on average (the bucket's refill rate); 0 turns the limit off. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  RATE_LIMIT_PER_SECOND = 20;

  /** Requests a customer's keys of one mode may make at once, together (the bucket's size). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  RATE_LIMIT_BURST = 100;

  /** Lookups of API keys not known valid that one client address may cause at once (see KeyLookupThrottle). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  KEY_LOOKUP_BURST = 20;

  /** Such lookups per second per client address after the burst. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  KEY_LOOKUP_PER_SECOND = 1;

  /** How long a dashboard sign-in lasts before the user must sign in again. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(720)
  DASHBOARD_SESSION_HOURS = 12;

  /**
   * Dashboard sign-in attempts whose password is checked and found wrong that one client address
   * (TRUST_PROXY decides it; IPv6 by /64) may make at once, whatever the emails; then
   * DASHBOARD_SIGN_IN_PER_MINUTE. Past it, 429 before any password is hashed.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  DASHBOARD_SIGN_IN_BURST = 30;

  /** Such attempts a minute per client address after the burst. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  DASHBOARD_SIGN_IN_PER_MINUTE = 30;

  // OpenTelemetry traces: the specification's own variables
  // (https://opentelemetry.io/docs/specs/otel/configuration/sdk-environment-variables/ and
  // https://opentelemetry.io/docs/specs/otel/protocol/exporter/), read by tracing-settings.ts.

  /** The collector's base URL; traces go to `<it>/v1/traces`. Unset (and no traces endpoint): no tracing at all. */
  @IsUrl(OTLP_URL)
  @IsOptional()
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;

  /** The traces endpoint itself, as is (wins over OTEL_EXPORTER_OTLP_ENDPOINT). */
  @IsUrl(OTLP_URL)
  @IsOptional()
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string;

  /** Headers sent with every export, `key=value,...` (percent-encoded values): a collector's credentials, so a secret. */
  @Matches(KEY_VALUE_LIST, { message: 'OTEL_EXPORTER_OTLP_HEADERS must be key=value pairs separated by commas' })
  @IsOptional()
  OTEL_EXPORTER_OTLP_HEADERS?: string;

  @Matches(KEY_VALUE_LIST, { message: 'OTEL_EXPORTER_OTLP_TRACES_HEADERS must be key=value pairs separated by commas' })
  @IsOptional()
  OTEL_EXPORTER_OTLP_TRACES_HEADERS?: string;

  /** Only OTLP over HTTP with JSON bodies is built in (the exporter that needs neither gRPC nor protobuf). */
  @IsIn(['http/json'], { message: 'OTEL_EXPORTER_OTLP_PROTOCOL must be http/json (the only OTLP protocol built in)' })
  @IsOptional()
  OTEL_EXPORTER_OTLP_PROTOCOL?: string;

  @IsIn(['http/json'], {
    message: 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL must be http/json (the only OTLP protocol built in)',
  })
  @IsOptional()
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL?: string;

  /** `otlp` (the default) or `none` (no traces, whatever the endpoint). */
  @IsIn(['otlp', 'none'], { message: 'OTEL_TRACES_EXPORTER must be otlp or none (the only exporters built in)' })
  OTEL_TRACES_EXPORTER: 'otlp' | 'none' = 'otlp';

  /** `true` turns tracing off whatever else is set. */
  @IsIn(['true', 'false'])
  OTEL_SDK_DISABLED: 'true' | 'false' = 'false';

  /** The `service.name` of every span; unset: social-publishing. */
  @Matches(/^\S.{0,254}$/, { message: 'OTEL_SERVICE_NAME must be 1-255 characters, not starting with a space' })
  @IsOptional()
  OTEL_SERVICE_NAME?: string;

  /** More attributes of the process's resource, `key=value,...` (e.g. deployment.environment.name=prod). */
  @Matches(KEY_VALUE_LIST, { message: 'OTEL_RESOURCE_ATTRIBUTES must be key=value pairs separated by commas' })
  @IsOptional()
  OTEL_RESOURCE_ATTRIBUTES?: string;

  /** Which traces are kept (the specification's names); unset: parentbased_always_on. */
  @IsIn(
    [
      'always_on',
      'always_off',
      'traceidratio',
      'parentbased_always_on',
      'parentbased_always_off',
      'parentbased_traceidratio',
    ],
    {
      message:
        'OTEL_TRACES_SAMPLER must be one of always_on, always_off, traceidratio, parentbased_always_on, parentbased_always_off, parentbased_traceidratio',
    },
  )
  OTEL_TRACES_SAMPLER: TraceSamplerName = 'parentbased_always_on';

  /** The share of new traces kept by the ratio samplers, 0-1; unset: 1. */
  @Matches(/^\s*(0(\.\d+)?|1(\.0+)?|\.\d+)\s*$/, { message: 'OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1' })
  @IsOptional()
  OTEL_TRACES_SAMPLER_ARG?: string;
}
